// The file piscina loads in each worker thread. It is CommonJS on purpose: piscina require()s the
// worker file first, and on Node >= 20.19 require() of an ES module takes a synchronous path that
// aborts the whole process (a failed CHECK on module instantiation) when the thread is terminated
// at the wrong moment, as when a pool is destroyed while a worker is still starting (seen once in
// CI). import() loads worker.js asynchronously instead, the way every ES-module worker is loaded.

const loading = import('./worker.js');
// A failed load is reported by every task that awaits it, not as an unhandled rejection.
loading.catch(() => {});

module.exports = async function run(task: import('./worker.js').SpanTask) {
  return (await loading).default(task);
};
