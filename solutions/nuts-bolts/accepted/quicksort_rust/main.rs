// Accepted: randomized quicksort matching in Rust (the algorithm of quicksort.py; a
// small xorshift seeded from the clock, as std has no random numbers).
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

struct Judge {
    input: io::StdinLock<'static>,
    output: io::StdoutLock<'static>,
}

impl Judge {
    fn ask(&mut self, nut: usize, bolt: usize) -> u8 {
        writeln!(self.output, "? {} {}", nut, bolt).unwrap();
        self.output.flush().unwrap();
        let mut reply = String::new();
        if self.input.read_line(&mut reply).unwrap_or(0) == 0 {
            std::process::exit(0);
        }
        reply.as_bytes()[0]
    }
}

fn main() {
    let mut judge = Judge { input: io::stdin().lock(), output: io::stdout().lock() };
    let mut line = String::new();
    if judge.input.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let n: usize = line.trim().parse().unwrap();
    let mut state: u64 = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
    let mut random = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut bolt_of = vec![0usize; n + 1];
    let mut tasks: Vec<(Vec<usize>, Vec<usize>)> = vec![((1..=n).collect(), (1..=n).collect())];
    while let Some((nuts, bolts)) = tasks.pop() {
        if nuts.is_empty() {
            continue;
        }
        if nuts.len() == 1 {
            bolt_of[nuts[0]] = bolts[0];
            continue;
        }
        let pivot = nuts[random(nuts.len())];
        let (mut smaller_bolts, mut larger_bolts, mut matched) = (Vec::new(), Vec::new(), 0);
        for &bolt in &bolts {
            match judge.ask(pivot, bolt) {
                b'=' => matched = bolt,
                b'<' => larger_bolts.push(bolt),
                _ => smaller_bolts.push(bolt),
            }
        }
        bolt_of[pivot] = matched;
        let (mut smaller_nuts, mut larger_nuts) = (Vec::new(), Vec::new());
        for &nut in &nuts {
            if nut == pivot {
                continue;
            }
            if judge.ask(nut, matched) == b'<' {
                smaller_nuts.push(nut);
            } else {
                larger_nuts.push(nut);
            }
        }
        tasks.push((smaller_nuts, smaller_bolts));
        tasks.push((larger_nuts, larger_bolts));
    }
    let answer: Vec<String> = bolt_of[1..].iter().map(|b| b.to_string()).collect();
    writeln!(judge.output, "! {}", answer.join(" ")).unwrap();
    judge.output.flush().unwrap();
}
