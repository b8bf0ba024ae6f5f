// The benches' settings come from BENCH_* environment variables (bench/README.md lists them).

/** A positive integer from the environment, or `fallback` when unset or not one. */
export const envInt = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
