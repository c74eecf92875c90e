// Stops the embedded PostgreSQL when the node process that started it dies,
// however it dies (a SIGKILL leaves no chance to clean up): the parent holds
// this process's stdin open, and the kernel closes it when the parent goes.
//   node scripts/pg-watchdog.mjs <postmaster pid>
const pid = Number(process.argv[2]);
const alive = () => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// The postmaster went by itself (a clean stop, or a crash): nothing to guard.
setInterval(() => alive() || process.exit(0), 1_000);

function stopPostgres() {
  try {
    process.kill(pid, "SIGINT"); // fast shutdown: ends sessions, writes a clean checkpoint
  } catch {
    process.exit(0);
  }
  // A server that ignores the fast shutdown gets the immediate one.
  setTimeout(() => {
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // already gone
    }
    process.exit(0);
  }, 15_000).unref();
}

process.stdin.on("end", stopPostgres);
process.stdin.on("error", stopPostgres);
process.stdin.resume();
