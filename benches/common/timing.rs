//! Wall and CPU time of benchmark phases, shared by the benchmarks (`#[path]` include).

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Time this thread has spent on a CPU (Linux `schedstat`), when the kernel reports it.
/// The machine this runs on is shared, so wall time also measures the neighbours; the
/// target is checked against CPU time, and both are printed.
pub fn cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    (ns > 0).then(|| Duration::from_nanos(ns))
}

/// Wall and CPU time of one phase.
pub struct Phase {
    pub wall: Duration,
    pub cpu: Option<Duration>,
}

pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Phase) {
    let (w, c) = (Instant::now(), cpu_time());
    let out = f();
    let cpu = match (c, cpu_time()) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a)),
        _ => None,
    };
    (
        out,
        Phase {
            wall: w.elapsed(),
            cpu,
        },
    )
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

impl Phase {
    pub fn show(&self) -> String {
        match self.cpu {
            Some(c) => format!("{:>8.1} ms wall {:>8.1} ms cpu", ms(self.wall), ms(c)),
            None => format!("{:>8.1} ms wall", ms(self.wall)),
        }
    }
}
