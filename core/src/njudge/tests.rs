//! Our own small nJudge fixtures (written from the how-to).

use super::*;

const MAP: &str = "# A tiny test map\nSwitzerland, l swi\nAlpha, A alp alpha\nBeta, Bw bet\nGamma Sea, w gam gamma\nDelta, x del\n-1\nswi-mv: swi\nalp-mv: bet del\nalp-xc: gam bet\nbet-mv: alp del\nbet-xc: alp gam\ngam-xc: alp bet del/nc\ndel-mv: alp bet\ndel-nc: gam\n-1\nCenter order for summary report:\n  alp bet del\n#end\n-1\n";
const SEED: &str = "S1901M\nA: A Alpha\nB: F Beta\n-1\n-1\n";

#[test]
fn reads_and_converts_a_small_map() {
    let (conv, diags) =
        convert(("map.tiny", MAP), Some(("seed.tiny", SEED)), &PowerNames::default());
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(conv.map.areas.len(), 5);
    assert_eq!(conv.title, "tiny");
    assert_eq!(
        conv.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(),
        ["map.tiny", "seed.tiny"]
    );
    assert_eq!(variant_name("map"), "standard");
    assert!(conv.text.contains("SHUT SWI"), "{}", conv.text);
    assert!(conv.text.contains("PORT BET ABUTS ALP GAM del"), "{}", conv.text);
    assert!(conv.text.contains("COAST DEL/NC ABUTS GAM"), "{}", conv.text);
    assert!(conv.text.contains("LAND del") || conv.text.contains("COAST del"), "{}", conv.text);
    // B has no name in the standard table.
    assert!(diags.iter().any(|d| d.code == codes::NJUDGE_POWER), "{diags:#?}");
    let (map, load) = crate::map::load("tiny.map", &conv.text, &crate::map::NoSources);
    let errors: Vec<_> = load.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{}\n{errors:#?}", conv.text);
    assert_eq!(map.powers.len(), 2);
}

use crate::diagnostics::codes;

#[test]
fn one_way_moves_and_bad_types_are_reported_at_their_spans() {
    let text = "Alpha, l alp\nBeta, q bet\nGamma, l gam\n-1\nalp-mv: gam\ngam-mv: zzz\n-1\n-1\n";
    let (_, diags) = read_map(text);
    let find = |code| {
        diags.iter().find(|d| d.code == code).unwrap_or_else(|| panic!("{code}: {diags:#?}"))
    };
    let bad_type = find(codes::NJUDGE_AREA_TYPE);
    assert_eq!(bad_type.primary.at.span.text(text), "q");
    let unknown = find(codes::NJUDGE_UNKNOWN_AREA);
    assert_eq!(unknown.primary.at.span.text(text), "zzz");
    let one_way = find(codes::NJUDGE_ONE_WAY);
    assert_eq!(one_way.message, "Can't get back to alp from gam (land)");
    assert_eq!(one_way.primary.at.span.text(text), "gam");
}

#[test]
fn naming_conflicts_are_caught() {
    let text = "Alpha, l alp al\nAlpine, l alp2 al\nAlpha, l alx\n-1\n-1\n-1\n";
    let (_, diags) = read_map(text);
    let conflicts: Vec<_> = diags.iter().filter(|d| d.code == codes::NJUDGE_NAMING).collect();
    assert_eq!(conflicts.len(), 2, "{diags:#?}");
    assert!(conflicts.iter().any(|d| d.severity == crate::Severity::Warning && d.primary.at.span.text(text) == "al"));
    assert!(conflicts.iter().any(|d| d.is_error() && d.primary.at.span.text(text) == "Alpha"));
}

#[test]
fn not_a_map_file() {
    let (_, diags) = read_map("Regions with dots are water.\n+-----+\n");
    assert!(diags.iter().any(|d| d.is_error() && d.message.contains("not an nJudge map file")));
}

#[test]
fn seed_problems() {
    let (map, _) = read_map(MAP);
    let (_, diags) = read_seed("Starting position for Spring of 1901.\n", &map);
    assert!(diags[0].message.contains("start phase"));
    let text = "F1900B\nA: A Nowhere\nB: F Delta\n-1\n..AB\n-1\n";
    let (seed, diags) = read_seed(text, &map);
    assert_eq!(seed.phase.as_ref().map(|p| (p.season, p.year, p.kind)), Some(('F', 1900, 'B')));
    assert!(diags.iter().any(|d| d.primary.at.span.text(text) == "Nowhere"), "{diags:#?}");
    assert!(diags.iter().any(|d| d.message.contains("several coasts")), "{diags:#?}");
    assert!(diags.iter().any(|d| d.message.contains("4 characters")), "{diags:#?}");
}
