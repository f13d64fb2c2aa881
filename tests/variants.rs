//! Variant rules on small hand-written maps (`variants/*.txt`, the DATC case
//! format plus `map` lines): straits, capes, power and ownership
//! restrictions, factories, partisans, alternative homes, build-anywhere,
//! reserves, militia and the dummy and build RULEs.

use crate::datc::{parse_cases, run_case};

const FILES: &[(&str, &str)] = &[
    ("abuts.txt", include_str!("variants/abuts.txt")),
    ("builds.txt", include_str!("variants/builds.txt")),
    ("rules.txt", include_str!("variants/rules.txt")),
    ("skips.txt", include_str!("variants/skips.txt")),
];

#[test]
fn variant_rules() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (file, text) in FILES {
        for case in parse_cases(text) {
            count += 1;
            if let Err(problems) = run_case(&case) {
                failures.push(format!("{file} {}:\n{problems}", case.id));
            }
        }
    }
    assert!(count >= 15, "only {count} variant cases");
    assert!(
        failures.is_empty(),
        "{} of {count} variant cases fail:\n{}",
        failures.len(),
        failures.join("")
    );
}
