//! The worker process that talks to the Vulkan driver, and the harness's handle on it.
//!
//! A compiler bug can produce SPIR-V that crashes the driver's shader compiler or loops
//! forever. So the driver never runs inside the harness: a child process (the same binary,
//! started with [`WORKER_ARG`]) owns the Vulkan [`Context`] and runs jobs sent over its
//! stdin. When it crashes or a job exceeds [`JOB_TIMEOUT`], the harness records that as
//! the job's outcome, kills the child and starts a fresh one for the next job.
//!
//! The time limit is on the CPU time the worker spends on the job, not on the wall clock:
//! on a machine shared with busy builds a worker may get a twentieth of a core, and a
//! pipeline whose compile takes lavapipe two seconds of CPU then takes a minute. Such a
//! job is slow, not stuck. A wall-clock cap ([`JOB_WALL_LIMIT`]) still bounds a worker
//! that waits on something forever.
//!
//! Wire format, all little-endian `u32`s: a job is the entry name, the dispatch size, the
//! SPIR-V words and each buffer (group, binding, uniform flag, bytes); a reply is a status
//! (0 = ok, then each buffer's bytes; 1 = error, then a message). Strings and byte runs are
//! length-prefixed.

use crate::vk::{Context, Job, JobBuffer};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The hidden first argument that makes `refract-diffexec` a worker.
pub const WORKER_ARG: &str = "__worker";

/// The worker's exit status when a dispatch does not finish in time.
pub const TIMEOUT_EXIT: i32 = 3;

/// How much CPU time one job (pipeline compile plus dispatch) may take.
pub const JOB_TIMEOUT: Duration = Duration::from_secs(90);

/// How long, on the wall clock, one job may take however little CPU it gets.
pub const JOB_WALL_LIMIT: Duration = Duration::from_secs(900);

/// How often the harness looks at a busy worker's CPU time.
const POLL: Duration = Duration::from_secs(5);

/// Why a job produced no buffers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The driver refused the job (for example pipeline creation failed).
    Driver(String),
    /// The worker died while running it.
    Crash(String),
    /// The worker did not answer in time.
    Timeout,
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Driver(m) => write!(f, "driver error: {m}"),
            RunError::Crash(m) => write!(f, "driver crashed: {m}"),
            RunError::Timeout => write!(
                f,
                "timed out (a job may take {}s of CPU time, {}s in all)",
                JOB_TIMEOUT.as_secs(),
                JOB_WALL_LIMIT.as_secs()
            ),
        }
    }
}

type Reply = Result<Vec<Vec<u8>>, String>;

struct Running {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    replies: Receiver<io::Result<Reply>>,
}

/// The harness's side: starts workers on demand and restarts them after a crash.
pub struct Runner {
    exe: PathBuf,
    running: Option<Running>,
    /// The driver's name, as the first worker reported it.
    pub device_name: Option<String>,
}

impl Runner {
    /// A runner whose workers are `exe WORKER_ARG`.
    pub fn new(exe: PathBuf) -> Runner {
        Runner {
            exe,
            running: None,
            device_name: None,
        }
    }

    /// Starts a worker now, so a missing driver is reported before any shader runs.
    pub fn start(&mut self) -> Result<&str, String> {
        self.ensure().map_err(|e| e.to_string())?;
        Ok(self.device_name.as_deref().unwrap_or(""))
    }

    fn ensure(&mut self) -> Result<&mut Running, RunError> {
        if self.running.is_none() {
            let mut child = Command::new(&self.exe)
                .arg(WORKER_ARG)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .env(
                    "XDG_RUNTIME_DIR",
                    std::env::var_os("XDG_RUNTIME_DIR").unwrap_or("/tmp".into()),
                )
                .spawn()
                .map_err(|e| {
                    RunError::Crash(format!("cannot start {}: {e}", self.exe.display()))
                })?;
            let stdin = BufWriter::new(child.stdin.take().expect("piped stdin"));
            let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
            // The worker's first message is its device name, or why it has none.
            let hello = read_reply(&mut stdout);
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                loop {
                    let reply = read_reply(&mut stdout);
                    let stop = reply.is_err();
                    if tx.send(reply).is_err() || stop {
                        break;
                    }
                }
            });
            match hello {
                Ok(Ok(mut name)) => {
                    let name =
                        String::from_utf8_lossy(&name.pop().unwrap_or_default()).into_owned();
                    self.device_name.get_or_insert(name);
                }
                Ok(Err(message)) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(RunError::Driver(message));
                }
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(RunError::Crash(format!("worker did not start: {e}")));
                }
            }
            self.running = Some(Running {
                child,
                stdin,
                replies: rx,
            });
        }
        Ok(self.running.as_mut().expect("started above"))
    }

    /// Runs `job` in the worker; on a crash or timeout the worker is replaced.
    pub fn run(&mut self, job: &Job) -> Result<Vec<Vec<u8>>, RunError> {
        let running = self.ensure()?;
        let sent = write_job(&mut running.stdin, job).and_then(|()| running.stdin.flush());
        let outcome = match sent {
            Err(e) => Err(RunError::Crash(format!("cannot send the job: {e}"))),
            Ok(()) => match wait_reply(running) {
                Ok(Ok(Ok(buffers))) => return Ok(buffers),
                Ok(Ok(Err(message))) => return Err(RunError::Driver(message)),
                Ok(Err(e)) => Err(RunError::Crash(e.to_string())),
                Err(RecvTimeoutError::Disconnected) => Err(RunError::Crash("worker exited".into())),
                Err(RecvTimeoutError::Timeout) => Err(RunError::Timeout),
            },
        };
        let mut dead = self.running.take().expect("running");
        let _ = dead.child.kill();
        let status = dead.child.wait();
        match (outcome, status) {
            // The worker exits with TIMEOUT_EXIT when its fence wait expires.
            (Err(RunError::Crash(_)), Ok(status)) if status.code() == Some(TIMEOUT_EXIT) => {
                Err(RunError::Timeout)
            }
            (Err(RunError::Crash(m)), Ok(status)) => {
                Err(RunError::Crash(format!("{m} ({status})")))
            }
            (outcome, _) => outcome,
        }
    }
}

/// The worker's reply to the job just sent, or `Timeout` once the job has used
/// [`JOB_TIMEOUT`] of CPU time or [`JOB_WALL_LIMIT`] of wall-clock time.
fn wait_reply(running: &Running) -> Result<io::Result<Reply>, RecvTimeoutError> {
    let started = std::time::Instant::now();
    let cpu_at_start = cpu_time(running.child.id());
    loop {
        match running.replies.recv_timeout(POLL) {
            Err(RecvTimeoutError::Timeout) => {
                let cpu = match (cpu_time(running.child.id()), cpu_at_start) {
                    (Some(now), Some(then)) => now.saturating_sub(then),
                    // No /proc: fall back to the wall clock.
                    _ => started.elapsed(),
                };
                if cpu >= JOB_TIMEOUT || started.elapsed() >= JOB_WALL_LIMIT {
                    return Err(RecvTimeoutError::Timeout);
                }
            }
            reply => return reply,
        }
    }
}

/// The CPU time (user and system, all threads) process `pid` has used, from
/// `/proc/PID/stat`; `None` where there is no such file.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at field 3; utime and
    // stime are fields 14 and 15, in clock ticks (100 per second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split(' ').skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

impl Drop for Runner {
    fn drop(&mut self) {
        if let Some(mut r) = self.running.take() {
            // Closing stdin ends the worker's loop.
            drop(r.stdin);
            let _ = r.child.wait();
        }
    }
}

/// The worker's main loop: reads jobs from stdin until it closes.
pub fn worker_main() -> i32 {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut input = BufReader::new(stdin.lock());
    let mut output = BufWriter::new(stdout.lock());
    let ctx = match Context::new() {
        Ok(ctx) => ctx,
        Err(e) => {
            let _ = write_reply(&mut output, &Err(e));
            let _ = output.flush();
            return 1;
        }
    };
    let hello = Ok(vec![ctx.device_name.clone().into_bytes()]);
    if write_reply(&mut output, &hello)
        .and_then(|()| output.flush())
        .is_err()
    {
        return 1;
    }
    loop {
        let job = match read_job(&mut input) {
            Ok(Some(job)) => job,
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("refract-diffexec worker: bad job: {e}");
                return 2;
            }
        };
        let reply = ctx.run(&job);
        if write_reply(&mut output, &reply)
            .and_then(|()| output.flush())
            .is_err()
        {
            return 1;
        }
    }
}

fn put(w: &mut impl Write, v: u32) -> io::Result<()> {
    w.write_all(&v.to_le_bytes())
}

fn put_bytes(w: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    put(w, bytes.len() as u32)?;
    w.write_all(bytes)
}

fn get(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn get_bytes(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let n = get(r)? as usize;
    if n > 1 << 30 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "length too large",
        ));
    }
    let mut v = vec![0u8; n];
    r.read_exact(&mut v)?;
    Ok(v)
}

fn write_job(w: &mut impl Write, job: &Job) -> io::Result<()> {
    put_bytes(w, job.entry.as_bytes())?;
    for d in job.dispatch {
        put(w, d)?;
    }
    put(w, job.spirv.len() as u32)?;
    for &word in &job.spirv {
        put(w, word)?;
    }
    put(w, job.buffers.len() as u32)?;
    for b in &job.buffers {
        put(w, b.group)?;
        put(w, b.binding)?;
        put(w, u32::from(b.uniform))?;
        put_bytes(w, &b.data)?;
    }
    Ok(())
}

/// `Ok(None)` at a clean end of input.
fn read_job(r: &mut impl Read) -> io::Result<Option<Job>> {
    let entry = match get_bytes(r) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    };
    let entry =
        String::from_utf8(entry).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let dispatch = [get(r)?, get(r)?, get(r)?];
    let words = get(r)? as usize;
    let spirv = (0..words)
        .map(|_| get(r))
        .collect::<io::Result<Vec<u32>>>()?;
    let count = get(r)?;
    let mut buffers = Vec::new();
    for _ in 0..count {
        buffers.push(JobBuffer {
            group: get(r)?,
            binding: get(r)?,
            uniform: get(r)? != 0,
            data: get_bytes(r)?,
        });
    }
    Ok(Some(Job {
        entry,
        dispatch,
        spirv,
        buffers,
    }))
}

fn write_reply(w: &mut impl Write, reply: &Reply) -> io::Result<()> {
    match reply {
        Ok(buffers) => {
            put(w, 0)?;
            put(w, buffers.len() as u32)?;
            for b in buffers {
                put_bytes(w, b)?;
            }
        }
        Err(message) => {
            put(w, 1)?;
            put_bytes(w, message.as_bytes())?;
        }
    }
    Ok(())
}

fn read_reply(r: &mut impl Read) -> io::Result<Reply> {
    match get(r)? {
        0 => {
            let n = get(r)?;
            Ok(Ok((0..n)
                .map(|_| get_bytes(r))
                .collect::<io::Result<_>>()?))
        }
        _ => Ok(Err(String::from_utf8_lossy(&get_bytes(r)?).into_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_round_trips_through_the_wire_format() {
        let job = Job {
            entry: "main".into(),
            dispatch: [2, 2, 1],
            spirv: vec![0x0723_0203, 7, 9],
            buffers: vec![JobBuffer {
                group: 1,
                binding: 3,
                uniform: true,
                data: vec![1, 2, 3, 4],
            }],
        };
        let mut bytes = Vec::new();
        write_job(&mut bytes, &job).unwrap();
        let mut r = &bytes[..];
        assert_eq!(read_job(&mut r).unwrap(), Some(job));
        assert_eq!(read_job(&mut r).unwrap(), None);
        let mut bytes = Vec::new();
        write_reply(&mut bytes, &Err("no".into())).unwrap();
        assert_eq!(read_reply(&mut &bytes[..]).unwrap(), Err("no".into()));
    }
}
