// The stress test: a ring of n land provinces, each adjacent to the
// one before and after (bench-paste.mjs and the browser tests paste it).
export function ring(n) {
  const lines = ['FIRST (FIRSTISH) L0', 'SECOND (SECONDISH) L1'];
  for (let i = 0; i < n; i += 1) {
    lines.push(`Land ${i} = l${i}`, `LAND L${i} ABUTS L${(i + n - 1) % n} L${(i + 1) % n}`);
  }
  return `${lines.join('\n')}\n`;
}
