//! judgepad's adjudication rate alone: `judgepad-adjudicate-bench [MAP] [PHASES]`.
//! Built natively and for wasm32-wasip1 (run under Node) by `run.sh`.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map_name = args.get(1).map_or("standard", String::as_str);
    let count: usize = args.get(2).and_then(|it| it.parse().ok()).unwrap_or(200);
    let (map, phases) = judgepad_bench::record(map_name, count, 1);
    let units: usize = phases.iter().map(|it| it.board.pieces.len()).sum();
    // Repeat until at least half a second has passed.
    let start = Instant::now();
    let mut rounds = 0;
    let mut orders = 0;
    while start.elapsed().as_secs_f64() < 0.5 {
        orders += judgepad_bench::adjudicate_all(&map, &phases);
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let rate = (rounds * phases.len()) as f64 / secs;
    println!(
        "{map_name}: {} phases ({:.1} units each): {:.0} phases/s, {:.0} orders/s",
        phases.len(),
        units as f64 / phases.len() as f64,
        rate,
        orders as f64 / secs
    );
}
