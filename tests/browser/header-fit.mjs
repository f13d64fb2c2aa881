// The header's fit, measured in the page (the Chromium and the Firefox
// tests pass it to `page.evaluate`).

// What the header shows at the window's width: whether its items run past
// it, wrap, overlap, or cut their text (a select's chosen option measured
// against its box, less its arrow).
export function headerFit() {
  const bar = document.querySelector('header.bar');
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
  const items = [...bar.children].filter(shown);
  const boxes = items.map((el) => el.getBoundingClientRect());
  const first = Math.min(...boxes.map((b) => b.bottom));
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) overlaps.push(`${items[i].className || items[i].tagName} / ${items[i + 1 + j].className || items[i + 1 + j].tagName}`);
  }));
  const cut = [];
  const canvas = document.createElement('canvas').getContext('2d');
  for (const el of bar.querySelectorAll('*')) {
    // A link in a text box scrolls, as a text box does.
    if (!shown(el) || el.tagName === 'INPUT') continue;
    if (el.tagName === 'SELECT') {
      const style = getComputedStyle(el);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.selectedOptions[0]?.textContent ?? '';
      if (canvas.measureText(text).width > el.clientWidth - 24) cut.push(`the picker's "${text}"`);
    } else if (el.matches('.about .part')) {
      // A piece on the row shown is there whole.
      const [box, row] = [el.getBoundingClientRect(), el.parentElement.getBoundingClientRect()];
      if (box.top < row.bottom && box.right > row.right + 1) cut.push(`"${el.textContent.trim()}"`);
    } else if (el.children.length === 0 && el.scrollWidth > el.clientWidth + 1) {
      cut.push(`"${el.textContent.trim().slice(0, 40)}"`);
    }
  }
  return { wraps: boxes.some((b) => b.top >= first), overflow: Math.max(...boxes.map((b) => b.right)) - bar.clientWidth, overlaps, cut };
}
