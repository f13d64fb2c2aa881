// The editor's rows, measured in the page (the Chromium and the Firefox
// tests pass `editorRows` to `page.evaluate`): the text area's height
// against the rows the page counts (`.code[data-rows]`), whether it
// scrolls sideways, and the lines drawn under it on other rows than counted.

export function editorRows() {
  const t = document.querySelector('[data-testid="editor"]');
  const rows = Number(document.querySelector('.code').dataset.rows);
  const off = [...document.querySelectorAll('.hl .l')].filter((l) => {
    const range = document.createRange();
    range.selectNodeContents(l);
    const drawn = Math.round((range.getBoundingClientRect().height + 3) / 18);
    return l.textContent.length && drawn !== Math.round(parseFloat(l.style.height) / 18);
  }).map((l) => l.textContent);
  return { rows, content: t.scrollHeight - 12, sideways: t.scrollWidth > t.clientWidth, off, high: t.clientHeight };
}

// Throws unless the rows agree (and, `wrapped`, nothing scrolls sideways);
// returns what was measured.
export function rowsAgree(got, wrapped = true) {
  if (got.content > got.high - 12 && got.content !== got.rows * 18) throw new Error(`the text area has ${got.content / 18} rows, the page counts ${got.rows}`);
  if (wrapped && got.sideways) throw new Error('a wrapped editor scrolls sideways');
  if (got.off.length) throw new Error(`lines drawn on other rows than counted: ${JSON.stringify(got.off.slice(0, 3))}`);
  return got;
}
