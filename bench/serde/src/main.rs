//! `serde_bench`: serde_json's rows of metajson's benchmark suite, native Rust.
//! Implements the program interface of bench/PROTOCOL.md:
//!
//!     serde_bench --data DIR --mode verify|time|serve|strictness [--dump DIR] [--run K] [--smoke]
//!                 [--datasets twitter,citm,canada,player,order] [--budget SECONDS] [--warmup SECONDS]
//!
//! One JSON object per line on stdout (results), progress on stderr.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::CString;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use serde::{de::DeserializeOwned, Serialize};
use serde_bench::{canada, citm, order, player, small, twitter};

const LIBRARY: &str = "serde_json (Rust)";
/// (name, file in the data directory); the small messages have no file: their text is
/// generated (serde_bench::small).
const DATASETS: [(&str, &str); 5] = [
    ("twitter", "twitter.json"),
    ("citm", "citm_catalog.json"),
    ("canada", "canada.json"),
    ("player", ""),
    ("order", ""),
];
const WRITE_VARIANTS: [&str; 3] = [
    "to_string (fresh)",
    "to_writer (reused)",
    "to_string + CString",
];
const READ_VARIANT: &str = "from_str";
const USAGE: &str = "usage: serde_bench --data DIR --mode verify|time|serve|strictness [--dump DIR] \
                     [--run K] [--smoke] [--datasets twitter,citm,canada,player,order] \
                     [--budget SECONDS] [--warmup SECONDS]";

// ---- Allocation counting: the global allocator's alloc, alloc_zeroed and realloc calls. ----

/// System's allocator, counting allocations while `COUNTING` is set (only around verify mode's
/// measurement, so timed runs pay one relaxed load per allocation, not an atomic add).
struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);

fn count() {
    if COUNTING.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
    }
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Allocations per call: one warm-up call, then the average over 10 calls.
fn allocs_per_call(mut call: impl FnMut()) -> f64 {
    call();
    ALLOCS.store(0, Relaxed);
    COUNTING.store(true, Relaxed);
    for _ in 0..10 {
        call();
    }
    COUNTING.store(false, Relaxed);
    ALLOCS.load(Relaxed) as f64 / 10.0
}

// ---- Clocks ----

/// The process's CPU time in seconds (CLOCK_PROCESS_CPUTIME_ID, all threads): what time mode
/// measures, as the C++ harness does (PROTOCOL.md, "Clocks"). The C library's clock_gettime,
/// declared here (std has no CPU clock, and the crate takes no dependency for one call).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_now() -> f64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid clock id and a pointer to a timespec of the platform's layout.
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Elsewhere: wall time since the first call (the line's "clock" says which).
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_now() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

const CLOCK: &str = if cfg!(all(target_os = "linux", target_pointer_width = "64")) {
    "cpu"
} else {
    "wall"
};

/// One batch's time on both clocks.
#[derive(Clone, Copy)]
struct BatchTime {
    cpu: f64,
    wall: f64,
}

/// What time mode reports for a case (PROTOCOL.md, "--mode time").
struct Timing {
    iterations: u64,
    seconds: f64,
    wall_seconds: f64,
    min_seconds: f64,
    batches: usize,
    warmup_calls: u64,
    method: &'static str,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let k = v.len();
    if k % 2 == 1 {
        v[k / 2]
    } else {
        (v[k / 2 - 1] + v[k / 2]) / 2.0
    }
}

/// The harness's timing (bench/harness/harness.cpp, time_case): a warm-up of --warmup seconds
/// (at least one call); then with --budget S > 0 batches of n calls (n from the warm-up, so that
/// a batch takes about S/10) until they have taken S seconds, at least 5 of them; without it the
/// study's loop (n = 10, ×10 until a batch takes ≥ 1 s or n ≥ 100,000; a small message whose
/// last batch took < 0.5 s repeats that batch size until ≥ 0.5 s, at least 5 batches). The
/// median batch is reported. `--smoke`: one batch of 3 calls.
fn time_batches(opts: &Options, small: bool, mut call: impl FnMut()) -> Timing {
    let w0 = Instant::now();
    let c0 = cpu_now();
    call();
    let mut warm: u64 = 1;
    if !opts.smoke {
        while w0.elapsed().as_secs_f64() < opts.warmup {
            call();
            warm += 1;
        }
    }
    let per_call = (cpu_now() - c0).max(1e-9) / warm as f64;
    let mut batch = |n: u64| {
        let t0 = Instant::now();
        let cpu0 = cpu_now();
        for _ in 0..n {
            call();
        }
        BatchTime {
            cpu: cpu_now() - cpu0,
            wall: t0.elapsed().as_secs_f64(),
        }
    };
    let mut n: u64 = if opts.smoke { 3 } else { 10 };
    let mut kept = Vec::new();
    let method;
    if opts.smoke {
        kept.push(batch(n));
        method = "smoke";
    } else if opts.budget > 0.0 {
        method = "budget";
        n = (opts.budget / 10.0 / per_call).clamp(1.0, 100_000.0) as u64;
        let mut total = 0.0;
        while kept.len() < 5 || total < opts.budget {
            let t = batch(n);
            total += t.wall;
            kept.push(t);
        }
    } else {
        method = "study";
        let mut t;
        loop {
            t = batch(n);
            if t.cpu >= 1.0 || n >= 100_000 {
                break;
            }
            n *= 10;
        }
        kept.push(t);
        if small && t.cpu < 0.5 {
            kept.clear();
            let mut total = 0.0;
            while kept.len() < 5 || total < 0.5 {
                let t = batch(n);
                total += t.cpu;
                kept.push(t);
            }
        }
    }
    let cpu: Vec<f64> = kept.iter().map(|b| b.cpu).collect();
    Timing {
        iterations: n,
        seconds: median(cpu.clone()),
        wall_seconds: median(kept.iter().map(|b| b.wall).collect()),
        min_seconds: cpu.iter().copied().fold(f64::INFINITY, f64::min),
        batches: kept.len(),
        warmup_calls: warm,
        method,
    }
}

// ---- Output lines ----

#[derive(PartialEq)]
enum Mode {
    Verify,
    Time,
    Serve,
    Strictness,
}

struct Options {
    data: PathBuf,
    mode: Mode,
    dump: Option<PathBuf>,
    run: u32,
    smoke: bool,
    budget: f64,
    warmup: f64,
    datasets: Vec<(&'static str, &'static str)>,
}

/// One stdout line; absent fields are left out.
#[derive(Serialize, Default)]
struct Line<'a> {
    library: &'a str,
    variant: &'a str,
    dataset: &'a str,
    direction: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    bytes: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allocs_per_call: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dump: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verify_by: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    run: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iterations: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wall_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    batches: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    warmup_calls: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ns_per_call: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mb_per_s: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    smoke: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    probe: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

/// What one case is: the first four fields of each of its lines.
#[derive(Clone, Copy)]
struct Case<'a> {
    variant: &'a str,
    dataset: &'a str,
    direction: &'a str,
}

impl<'a> Case<'a> {
    fn line(self) -> Line<'a> {
        Line {
            library: LIBRARY,
            variant: self.variant,
            dataset: self.dataset,
            direction: self.direction,
            ..Line::default()
        }
    }

    fn print(self, line: &Line) {
        println!(
            "{}",
            serde_json::to_string(line).expect("a Line always serializes")
        );
    }

    fn error(self, why: String) {
        eprintln!(
            "serde_json  {}  {}  {}  error: {why}",
            self.dataset, self.direction, self.variant
        );
        self.print(&Line {
            error: Some(why),
            ..self.line()
        });
    }

    /// Writes `content` to `<dump>/<library>__<variant>__<dataset>__<direction>.json`, every
    /// character outside [A-Za-z0-9._-] replaced by '_'; returns the path.
    fn dump(self, dir: &Path, content: &[u8]) -> Result<String, String> {
        let name: String = format!(
            "{LIBRARY}__{}__{}__{}.json",
            self.variant, self.dataset, self.direction
        )
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
        let path = dir.join(name);
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, content))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path.to_string_lossy().into_owned())
    }

    /// Verify mode's line: `bytes`, `allocs_per_call` and the dump of `output` (if --dump).
    fn report_verify(self, opts: &Options, bytes: usize, allocs: f64, output: &[u8]) {
        let dump = match opts
            .dump
            .as_deref()
            .map(|dir| self.dump(dir, output))
            .transpose()
        {
            Ok(dump) => dump,
            Err(why) => return self.error(why),
        };
        eprintln!(
            "serde_json  {}  {}  {}  {bytes} bytes, {allocs} allocs/call",
            self.dataset, self.direction, self.variant
        );
        let verify_by = (self.direction == "read").then_some("content");
        self.print(&Line {
            bytes: Some(bytes),
            allocs_per_call: Some(allocs),
            dump,
            verify_by,
            ..self.line()
        });
    }

    /// Time mode's line for the batch reported: `iterations` calls in `seconds`.
    fn report_time(self, opts: &Options, bytes: usize, t: Timing) {
        let mb_per_s = bytes as f64 * t.iterations as f64 / t.seconds / 1e6;
        eprintln!(
            "serde_json  {}  {}  {}  {mb_per_s:.0} MB/s ({} calls x {}, {CLOCK} {:.3} s, wall {:.3} s)",
            self.dataset,
            self.direction,
            self.variant,
            t.iterations,
            t.batches,
            t.seconds,
            t.wall_seconds
        );
        self.print(&Line {
            bytes: Some(bytes),
            run: Some(opts.run),
            iterations: Some(t.iterations),
            seconds: Some(t.seconds),
            wall_seconds: Some(t.wall_seconds),
            min_seconds: Some(t.min_seconds),
            batches: Some(t.batches),
            warmup_calls: Some(t.warmup_calls),
            method: Some(t.method),
            clock: Some(CLOCK),
            ns_per_call: Some(t.seconds * 1e9 / t.iterations as f64),
            mb_per_s: Some(mb_per_s),
            smoke: opts.smoke.then_some(true),
            ..self.line()
        });
    }
}

// ---- Cases ----

/// The small messages, generated in code rather than read from a file.
fn is_small(dataset: &str) -> bool {
    dataset == "player" || dataset == "order"
}

/// Where a write variant's output is: in the value it returned, or in the reused buffer.
trait Output {
    fn bytes<'a>(&'a self, buffer: &'a [u8]) -> &'a [u8];
}

impl Output for String {
    fn bytes<'a>(&'a self, _: &'a [u8]) -> &'a [u8] {
        self.as_bytes()
    }
}

impl Output for CString {
    fn bytes<'a>(&'a self, _: &'a [u8]) -> &'a [u8] {
        self.as_bytes()
    }
}

/// `to_writer (reused)` leaves its output in the buffer.
struct InBuffer;

impl Output for InBuffer {
    fn bytes<'a>(&'a self, buffer: &'a [u8]) -> &'a [u8] {
        buffer
    }
}

/// A write case. `call` serializes once, given the buffer that persists across calls (only the
/// reused variant touches it); what it returns is dropped after each call, so a fresh
/// variant allocates and frees its output every call.
fn write_case<R: Output>(opts: &Options, case: Case, mut call: impl FnMut(&mut Vec<u8>) -> R) {
    let mut buffer = Vec::new();
    // The first call gives the output to dump and its size (and warms up time mode).
    let first = call(&mut buffer);
    let output = first.bytes(&buffer).to_vec();
    drop(first);
    let once = || {
        let out = call(&mut buffer);
        black_box(out.bytes(&buffer));
    };
    if opts.mode == Mode::Verify {
        let allocs = allocs_per_call(once);
        case.report_verify(opts, output.len(), allocs, &output);
    } else {
        let small = is_small(case.dataset);
        case.report_time(opts, output.len(), time_batches(opts, small, once));
    }
}

/// The read case: `from_str::<T>` of the whole file each call. Verify mode dumps the parsed
/// value written back by serde_json, which the driver compares by content.
fn read_case<T: Serialize + DeserializeOwned>(opts: &Options, case: Case, input: &str) {
    let once = || {
        let parsed = serde_json::from_str::<T>(black_box(input));
        black_box(&parsed);
    };
    if opts.mode == Mode::Verify {
        let allocs = allocs_per_call(once);
        let written = serde_json::from_str::<T>(input).and_then(|v| serde_json::to_string(&v));
        match written {
            Ok(json) => case.report_verify(opts, input.len(), allocs, json.as_bytes()),
            Err(e) => case.error(format!("from_str: {e}")),
        }
    } else {
        let small = is_small(case.dataset);
        case.report_time(opts, input.len(), time_batches(opts, small, once));
    }
}

/// --mode serve (PROTOCOL.md; bench/harness/harness.cpp, serve): the cases are listed, then
/// timed one batch at a time on the driver's command (stdin: `warm I SECONDS`, `time I N [U]`
/// with U untimed calls first, default 1, `quit`), so that the driver can alternate batches of
/// several programs on the same core.
fn serve(mut cases: Vec<(Case, Box<dyn FnMut() -> usize + '_>)>) {
    #[derive(Serialize)]
    struct Listed<'a> {
        library: &'a str,
        variant: &'a str,
        dataset: &'a str,
        direction: &'a str,
        kind: &'a str,
        id: usize,
        bytes: usize,
    }
    #[derive(Serialize, Default)]
    struct Reply {
        id: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        calls: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        n: Option<u64>,
        cpu: f64,
        wall: f64,
        bytes: usize,
    }
    let mut bytes = vec![0usize; cases.len()];
    for (id, (case, _)) in cases.iter().enumerate() {
        let listed = Listed {
            library: LIBRARY,
            variant: case.variant,
            dataset: case.dataset,
            direction: case.direction,
            kind: "case",
            id,
            bytes: 0,
        };
        println!("{}", serde_json::to_string(&listed).expect("serializes"));
    }
    println!("{{\"kind\":\"ready\"}}");
    for line in std::io::stdin().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"quit") {
            break;
        }
        let id = words.get(1).and_then(|w| w.parse::<usize>().ok()).filter(|&i| i < cases.len());
        let arg = words.get(2).and_then(|w| w.parse::<f64>().ok());
        let (Some(id), Some(arg), Some(&cmd)) = (id, arg, words.first()) else {
            println!("{}", serde_json::json!({"error": format!("bad command: {line}")}));
            continue;
        };
        let call = &mut cases[id].1;
        let w0 = Instant::now();
        let c0 = cpu_now();
        let reply = match cmd {
            "warm" => {
                let mut calls = 0u64;
                loop {
                    bytes[id] = call();
                    calls += 1;
                    if w0.elapsed().as_secs_f64() >= arg {
                        break;
                    }
                }
                Reply {
                    id,
                    calls: Some(calls),
                    cpu: cpu_now() - c0,
                    wall: w0.elapsed().as_secs_f64(),
                    bytes: bytes[id],
                    ..Reply::default()
                }
            }
            "time" => {
                let n = arg as u64;
                let untimed = words.get(3).and_then(|w| w.parse::<u64>().ok()).unwrap_or(1);
                for _ in 0..untimed {
                    bytes[id] = call();
                }
                let t0 = Instant::now();
                let c1 = cpu_now();
                for _ in 0..n {
                    call();
                }
                Reply {
                    id,
                    n: Some(n),
                    cpu: cpu_now() - c1,
                    wall: t0.elapsed().as_secs_f64(),
                    bytes: bytes[id],
                    ..Reply::default()
                }
            }
            _ => {
                println!("{}", serde_json::json!({"error": format!("bad command: {line}")}));
                continue;
            }
        };
        println!("{}", serde_json::to_string(&reply).expect("serializes"));
    }
}

/// --mode strictness (PROTOCOL.md): the probes of bench/harness/harness.cpp (strictness_probes)
/// on the player message, read by `from_str` and compared with the unaltered message's value.
/// The row reads a `&str`, which is UTF-8 by type: the probes with invalid UTF-8 cannot reach it
/// (a `String` is checked when it is made, before and outside the timed call) and say so.
fn strictness() {
    let text = small::player_json();
    let reference: player::Player =
        serde_json::from_str(&text).expect("the player message reads");
    let member = |m: &str| format!("{{{m},{}", &text[1..]);
    let username = |v: &str| text.replacen("\"Alice\"", &format!("\"{v}\""), 1);
    let utf8 = "n/a: the row reads a &str, UTF-8 by type (checked when the String is made, outside the timed call)";
    let probes: [(&str, Option<String>); 10] = [
        ("unknown_key", Some(member(r#""extra":{"a":[1,2.5,"x",true,null],"b":{}}"#))),
        ("skipped_missing_comma", Some(member(r#""extra":[1 2]"#))),
        ("skipped_bad_literal", Some(member(r#""extra":tru"#))),
        ("skipped_mismatched_bracket", Some(member(r#""extra":[1,2}"#))),
        ("skipped_invalid_utf8", None),
        ("read_invalid_utf8", None),
        ("read_control_character", Some(username("Al\u{1}ce"))),
        ("trailing_garbage", Some(format!("{text} x"))),
        ("trailing_value", Some(format!("{text} {{}}"))),
        ("duplicate_key", Some(member(r#""level":7"#))),
    ];
    let case = Case {
        variant: READ_VARIANT,
        dataset: "player",
        direction: "read",
    };
    for (probe, input) in probes {
        let (outcome, message) = match input {
            None => ("n/a", Some(utf8.to_string())),
            Some(input) => match serde_json::from_str::<player::Player>(&input) {
                Ok(v) if v == reference => ("accepted", None),
                Ok(_) => ("accepted, value differs", None),
                Err(e) => ("rejected", Some(e.to_string())),
            },
        };
        eprintln!("serde_json  player  read  {probe}  {outcome}");
        case.print(&Line {
            probe: Some(probe),
            outcome: Some(outcome),
            message,
            ..case.line()
        });
    }
}

/// The CPUs this process may run on (Cpus_allowed_list of /proc/self/status): shows the pinning.
fn allowed_cpus() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Cpus_allowed_list:").map(|v| v.trim().to_string()))
        })
        .unwrap_or_default()
}

/// The program's first line in every mode (PROTOCOL.md).
fn program_line() {
    #[derive(Serialize)]
    struct Simd {
        read: &'static str,
        write: &'static str,
    }
    #[derive(Serialize)]
    struct Program {
        kind: &'static str,
        program: &'static str,
        simd: Simd,
        cpus: String,
    }
    const NONE: &str = "none (serde_json has no SIMD code)";
    let line = Program {
        kind: "program",
        program: "serde_bench",
        simd: Simd {
            read: NONE,
            write: NONE,
        },
        cpus: allowed_cpus(),
    };
    println!("{}", serde_json::to_string(&line).expect("serializes"));
    eprintln!("  serde_bench: simd: {NONE}; cpus {}", line.cpus);
}

/// All cases of one dataset, read from `file` in the data directory as type `T`.
fn run_dataset<T: Serialize + DeserializeOwned>(opts: &Options, dataset: &str, file: &str) {
    let writes = WRITE_VARIANTS.map(|variant| Case {
        variant,
        dataset,
        direction: "write",
    });
    let read = Case {
        variant: READ_VARIANT,
        dataset,
        direction: "read",
    };

    let path = opts.data.join(file);
    let text = match dataset {
        "player" => Ok(small::player_json()),
        "order" => Ok(small::order_json()),
        _ => std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
    };
    let loaded = text.and_then(|input| match serde_json::from_str::<T>(&input) {
        Ok(value) => Ok((input, value)),
        Err(e) => Err(format!("cannot parse the {dataset} input: {e}")),
    });
    let (input, value) = match loaded {
        Ok(loaded) => loaded,
        Err(why) => {
            return writes
                .iter()
                .chain([&read])
                .for_each(|c| c.error(why.clone()))
        }
    };

    // Serializing these types cannot fail (no maps with non-string keys, no custom
    // Serialize), and serde_json escapes NUL, so the expects below never fire.
    const OK: &str = "serde_json serializes the benchmark types";
    if opts.mode == Mode::Serve {
        let value = &value;
        let input = input.as_str();
        let mut buffer = Vec::new();
        // The same calls as below, each returning the bytes it wrote (reads: the input's size).
        let cases: Vec<(Case, Box<dyn FnMut() -> usize + '_>)> = vec![
            (writes[0], Box::new(move || {
                let s = serde_json::to_string(value).expect(OK);
                black_box(&s);
                s.len()
            })),
            (writes[1], Box::new(move || {
                buffer.clear();
                serde_json::to_writer(&mut buffer, value).expect(OK);
                black_box(&buffer);
                buffer.len()
            })),
            (writes[2], Box::new(move || {
                let c = CString::new(serde_json::to_string(value).expect(OK)).expect(OK);
                black_box(&c);
                c.as_bytes().len()
            })),
            (read, Box::new(move || {
                let parsed = serde_json::from_str::<T>(black_box(input));
                black_box(&parsed);
                input.len()
            })),
        ];
        return serve(cases);
    }
    let [fresh, reused, cstring] = writes;
    write_case(opts, fresh, |_| serde_json::to_string(&value).expect(OK));
    write_case(opts, reused, |buffer| {
        buffer.clear();
        serde_json::to_writer(&mut *buffer, &value).expect(OK);
        InBuffer
    });
    // As study 000 section 6.4.1 measured it: the String moves into the CString.
    write_case(opts, cstring, |_| {
        CString::new(serde_json::to_string(&value).expect(OK)).expect(OK)
    });
    read_case::<T>(opts, read, &input);
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut data, mut mode, mut dump, mut run, mut smoke) = (None, None, None, 1, false);
    let (mut budget, mut warmup) = (0.0, 0.1);
    let mut datasets = DATASETS.to_vec();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--data" => data = Some(PathBuf::from(value()?)),
            "--mode" => mode = Some(value()?),
            "--dump" => dump = Some(PathBuf::from(value()?)),
            "--run" => {
                run = value()?
                    .parse()
                    .map_err(|_| "--run needs a number".to_string())?
            }
            "--smoke" => smoke = true,
            "--budget" => {
                budget = value()?
                    .parse()
                    .map_err(|_| "--budget needs seconds".to_string())?
            }
            "--warmup" => {
                warmup = value()?
                    .parse()
                    .map_err(|_| "--warmup needs seconds".to_string())?
            }
            "--datasets" => {
                datasets = value()?
                    .split(',')
                    .map(|name| {
                        DATASETS
                            .iter()
                            .find(|(n, _)| *n == name)
                            .copied()
                            .ok_or(format!("unknown dataset {name}"))
                    })
                    .collect::<Result<_, _>>()?
            }
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    let mode = match mode.as_deref() {
        Some("verify") => Mode::Verify,
        Some("time") => Mode::Time,
        Some("serve") => Mode::Serve,
        Some("strictness") => Mode::Strictness,
        _ => return Err("--mode must be verify, time, serve or strictness".into()),
    };
    if !(budget >= 0.0 && warmup >= 0.0) {
        return Err("--budget and --warmup take seconds >= 0".into());
    }
    let data = data.ok_or("--data is required")?;
    Ok(Options {
        data,
        mode,
        dump,
        run,
        smoke,
        budget,
        warmup,
        datasets,
    })
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(opts) => opts,
        Err(why) => {
            eprintln!("serde_bench: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    program_line();
    if opts.mode == Mode::Strictness {
        strictness();
        return ExitCode::SUCCESS;
    }
    for &(dataset, file) in &opts.datasets {
        match dataset {
            "twitter" => run_dataset::<twitter::TwitterData>(&opts, dataset, file),
            "citm" => run_dataset::<citm::CitmCatalog>(&opts, dataset, file),
            "canada" => run_dataset::<canada::FeatureCollection>(&opts, dataset, file),
            "player" => run_dataset::<player::Player>(&opts, dataset, file),
            _ => run_dataset::<order::Order>(&opts, dataset, file),
        }
    }
    ExitCode::SUCCESS
}
