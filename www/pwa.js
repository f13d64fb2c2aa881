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
  // Registered once the map is drawn (the page dispatches `judgepad-drawn`
  // at its first drawing; or 20 s after the app has started, whatever
  // happened): the service worker's install fetches every file of the
  // build, and on a slow link it would compete with the parts the visitor
  // is waiting for (registered when the app started, its install took the
  // link from the map's part: the 300 KB of the rest of the page crossed it
  // alongside, and the worker's script waited behind them).
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
  let registered = false;
  const once = () => {
    if (registered) return;
    registered = true;
    // After the frame that shows the drawing.
    requestAnimationFrame(() => setTimeout(register, 0));
  };
  window.addEventListener('judgepad-drawn', once, { once: true });
  const started = () => setTimeout(once, 20000);
  if (window.wasmBindings) started();
  else window.addEventListener('TrunkApplicationStarted', started, { once: true });
})();
