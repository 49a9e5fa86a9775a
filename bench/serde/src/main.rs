//! `serde_bench`: serde_json's rows of metajson's benchmark suite, native Rust.
//! Implements the program interface of bench/PROTOCOL.md:
//!
//!     serde_bench --data DIR --mode verify|time [--dump DIR] [--run K] [--smoke]
//!                 [--datasets twitter,citm,canada,player,order]
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
const USAGE: &str = "usage: serde_bench --data DIR --mode verify|time [--dump DIR] [--run K] \
                     [--smoke] [--datasets twitter,citm,canada,player,order]";

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

/// PROTOCOL's loop: time n = 10 calls; until a batch takes ≥ 1 s or n ≥ 100,000, n *= 10 and
/// time again. A small message whose last batch took < 0.5 s then times that batch size again
/// until the repeats have taken ≥ 0.5 s (at least 5 batches) and keeps the median batch.
/// Returns (n, seconds of the batch kept, batches). `--smoke`: one batch of 3 calls.
fn time_batches(smoke: bool, small: bool, mut call: impl FnMut()) -> (u64, f64, usize) {
    let mut n: u64 = if smoke { 3 } else { 10 };
    let mut batch = |n: u64| {
        let start = Instant::now();
        for _ in 0..n {
            call();
        }
        start.elapsed().as_secs_f64()
    };
    let mut seconds;
    loop {
        seconds = batch(n);
        if smoke || seconds >= 1.0 || n >= 100_000 {
            break;
        }
        n *= 10;
    }
    if !small || smoke || seconds >= 0.5 {
        return (n, seconds, 1);
    }
    let mut times = Vec::new();
    let mut total = 0.0;
    while times.len() < 5 || total < 0.5 {
        let t = batch(n);
        times.push(t);
        total += t;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let k = times.len();
    let median = if k % 2 == 1 {
        times[k / 2]
    } else {
        (times[k / 2 - 1] + times[k / 2]) / 2.0
    };
    (n, median, k)
}

// ---- Output lines ----

struct Options {
    data: PathBuf,
    verify: bool,
    dump: Option<PathBuf>,
    run: u32,
    smoke: bool,
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
    batches: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ns_per_call: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mb_per_s: Option<f64>,
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

    /// Time mode's line for the batch kept: `iterations` calls in `seconds`.
    fn report_time(
        self,
        opts: &Options,
        bytes: usize,
        (iterations, seconds, batches): (u64, f64, usize),
    ) {
        let mb_per_s = bytes as f64 * iterations as f64 / seconds / 1e6;
        eprintln!(
            "serde_json  {}  {}  {}  {mb_per_s:.0} MB/s",
            self.dataset, self.direction, self.variant
        );
        self.print(&Line {
            bytes: Some(bytes),
            run: Some(opts.run),
            iterations: Some(iterations),
            seconds: Some(seconds),
            batches: Some(batches),
            ns_per_call: Some(seconds * 1e9 / iterations as f64),
            mb_per_s: Some(mb_per_s),
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
    if opts.verify {
        let allocs = allocs_per_call(once);
        case.report_verify(opts, output.len(), allocs, &output);
    } else {
        let small = is_small(case.dataset);
        case.report_time(opts, output.len(), time_batches(opts.smoke, small, once));
    }
}

/// The read case: `from_str::<T>` of the whole file each call. Verify mode dumps the parsed
/// value written back by serde_json, which the driver compares by content.
fn read_case<T: Serialize + DeserializeOwned>(opts: &Options, case: Case, input: &str) {
    let once = || {
        let parsed = serde_json::from_str::<T>(black_box(input));
        black_box(&parsed);
    };
    if opts.verify {
        let allocs = allocs_per_call(once);
        let written = serde_json::from_str::<T>(input).and_then(|v| serde_json::to_string(&v));
        match written {
            Ok(json) => case.report_verify(opts, input.len(), allocs, json.as_bytes()),
            Err(e) => case.error(format!("from_str: {e}")),
        }
    } else {
        let small = is_small(case.dataset);
        case.report_time(opts, input.len(), time_batches(opts.smoke, small, once));
    }
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
    let verify = match mode.as_deref() {
        Some("verify") => true,
        Some("time") => false,
        _ => return Err("--mode must be verify or time".into()),
    };
    let data = data.ok_or("--data is required")?;
    Ok(Options {
        data,
        verify,
        dump,
        run,
        smoke,
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
