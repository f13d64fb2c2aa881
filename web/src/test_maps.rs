//! Maps made to measure for the page's native tests (the CLI's
//! `synthetic` module makes the same for the core's: the page does not
//! depend on the CLI).

/// A ring of `n` land provinces `L0`…, each adjacent to the one before
/// and after.
pub(crate) fn ring(n: usize) -> String {
    let mut text = String::from("FIRST (FIRSTISH) L0\nSECOND (SECONDISH) L1\n");
    for i in 0..n {
        let (before, after) = ((i + n - 1) % n, (i + 1) % n);
        text.push_str(&format!("Land {i} = l{i}\nLAND L{i} ABUTS L{before} L{after}\n"));
    }
    text
}
