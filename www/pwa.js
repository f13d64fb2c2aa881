// Registers the service worker (offline use, installable app) and offers
// a reload when a new version has been deployed. The build's hash comes
// from the file names Trunk writes into the page.
(function () {
  // If the app has not started a while after the page loaded, and its
  // first part is not still arriving (the boot script counts its bytes),
  // say why.
  window.addEventListener('load', () => {
    let bytes = null;
    const check = () => {
      if (!document.getElementById('loading')) return;
      const loading = document.querySelector('#loading .loading');
      if (loading.classList.contains('failed')) return;
      if (loading.dataset.bytes !== bytes) {
        bytes = loading.dataset.bytes;
        setTimeout(check, 8000);
        return;
      }
      loading.textContent = typeof WebAssembly === 'object'
        ? 'judgepad did not start. Reload the page; if it persists, this browser may block WebAssembly.'
        : 'judgepad needs WebAssembly, which this browser does not provide.';
      loading.classList.add('failed');
    };
    setTimeout(check, 8000);
  });
  if (!('serviceWorker' in navigator)) return;
  const preload = document.querySelector('link[rel="modulepreload"][href*="judgepad-web-"]');
  const match = preload && preload.getAttribute('href').match(/judgepad-web-([0-9a-f]+)/);
  const version = match ? match[1] : 'dev';
  const hadController = Boolean(navigator.serviceWorker.controller);
  // Registered once the app has started (boot.js dispatches the event
  // after the first part is running): the service worker's install
  // fetches every file of the build, and on a slow link it would compete
  // with the first part the visitor is waiting for.
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register(`sw.js?v=${version}`, { scope: './' });
      const offer = (worker) => {
        if (!hadController || document.querySelector('[data-testid="update"]')) return;
        const bar = document.createElement('div');
        bar.className = 'notice';
        bar.setAttribute('role', 'status');
        bar.setAttribute('data-testid', 'update');
        const text = document.createElement('span');
        text.textContent = 'A new version of judgepad is available.';
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Reload';
        button.addEventListener('click', () => worker.postMessage('update'));
        bar.append(text, button);
        document.body.prepend(bar);
      };
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        if (!worker) return;
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed') offer(worker);
        });
      });
      let reloading = false;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (hadController && !reloading) {
          reloading = true;
          window.location.reload();
        }
      });
    } catch (err) {
      console.warn('judgepad: offline use is not available here:', err);
    }
  };
  if (window.wasmBindings) register();
  else window.addEventListener('TrunkApplicationStarted', register, { once: true });
})();
