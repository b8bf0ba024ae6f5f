/** Progress on stderr: one updating line on a terminal, a line per tenth otherwise; silent for small folders. */
export function progressPrinter(
  label: string,
  minimum = 200,
  /** On a terminal, the line is updated every this many items. */
  every = 100,
): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    if (total < minimum) return;
    if (process.stderr.isTTY) {
      if (done % every === 0 || done === total) {
        process.stderr.write(`\r${label}: ${done}/${total}${done === total ? '\n' : ''}`);
      }
      return;
    }
    const tenth = Math.floor((done / total) * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      process.stderr.write(`${label}: ${done}/${total}\n`);
    }
  };
}
