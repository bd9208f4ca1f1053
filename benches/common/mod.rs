//! Timing helpers shared by the benchmarks.

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Time this thread has spent on a CPU (Linux `schedstat`), when the kernel reports it.
/// The machine may be shared, so wall time also measures the neighbours.
pub fn cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    (ns > 0).then(|| Duration::from_nanos(ns))
}

/// Mean wall and CPU time of one run of `f`, run repeatedly for about `budget`.
pub struct Timing {
    pub wall: Duration,
    pub cpu: Option<Duration>,
}

/// Runs `f` repeatedly for about `budget` and returns the mean time per run.
pub fn measure(budget: Duration, mut f: impl FnMut()) -> Timing {
    // Warm up, and size the batch so the clock is read rarely.
    let start = Instant::now();
    f();
    let one = start.elapsed().max(Duration::from_nanos(1));
    let batch = ((budget.as_secs_f64() / 10.0) / one.as_secs_f64()).clamp(1.0, 1e6) as u32;
    let mut runs = 0u32;
    let cpu_start = cpu_time();
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..batch {
            f();
        }
        runs += batch;
    }
    let wall = start.elapsed() / runs;
    let cpu = match (cpu_start, cpu_time()) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a) / runs),
        _ => None,
    };
    Timing { wall, cpu }
}

impl Timing {
    /// CPU time when known (the fairer figure on a shared machine), else wall time.
    pub fn best(&self) -> Duration {
        self.cpu.unwrap_or(self.wall)
    }
}

pub fn mb_per_s(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / 1e6 / t.as_secs_f64()
}

/// `cargo bench` passes `--bench`; `cargo test --benches` runs a bench briefly. The time
/// per measurement: `BENCH_SECONDS`, or 1 s (0.02 s when smoke-testing).
pub fn budget() -> Duration {
    let quick = !std::env::args().any(|a| a == "--bench");
    let seconds: f64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 0.02 } else { 1.0 });
    Duration::from_secs_f64(seconds)
}
