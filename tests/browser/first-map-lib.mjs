// The default variant's drawing made ahead (web/src/bridge/first_map.rs):
// what www/first-map.html holds, taken from a page that has drawn its own
// map. Shared by the capture script (first-map.mjs) and the browser test
// that checks the committed file is the page's own drawing.

// FNV-1a (64 bits) of the UTF-8 bytes of `text`, as 16 hex digits
// (bridge::first_map::source_key).
export function sourceKey(text) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

// The file for the map `page` has drawn (the live map view's, not a
// drawing made ahead): the header (the top-level file, the hash of its
// text, the aspect ratio) and the drawing's SVG at the size it takes
// before the stage is measured, without the tab stop's attributes (they
// follow focus and the position), without the classes that hide labels
// at the page's zoom, and without the test hooks' `data-` attributes
// ([data-province], [data-pin] …: they name the live map, which a page, a
// test or a bot can use; the drawing made ahead is a picture).
export async function capture(page, root) {
  await page.locator('section.map:not(.first-map)[aria-busy="false"] [data-testid="map"] svg.drawing [data-province]').first().waitFor();
  const got = await page.evaluate(() => {
    const stage = document.querySelector('section.map:not(.first-map) [data-testid="map"]');
    const svg = stage.querySelector(':scope > .layer:not([inert]) > svg.drawing').cloneNode(true);
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    // The labels' size classes hidden at the page's zoom (scene::
    // regions_class) follow the stage; the picture hides none.
    svg.querySelector('.regions')?.setAttribute('class', 'regions');
    for (const region of svg.querySelectorAll('[data-province]')) {
      region.setAttribute('tabindex', '-1');
      region.removeAttribute('aria-label');
    }
    for (const el of [svg, ...svg.querySelectorAll('*')]) {
      for (const name of el.getAttributeNames()) if (name.startsWith('data-')) el.removeAttribute(name);
    }
    return {
      svg: svg.outerHTML,
      aspect: stage.style.aspectRatio,
      text: document.querySelector('[data-testid="editor"]').value,
    };
  });
  return `<!-- judgepad first map: ${root} ${sourceKey(got.text)} ${got.aspect} -->\n${got.svg}\n`;
}
