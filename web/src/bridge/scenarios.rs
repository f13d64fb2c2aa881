//! The variant's scenarios in the page: every `# @scenario … # @end` block
//! of its files run on the loaded map (after each settled edit, as the
//! checks are), and the game's current position and orders written out as
//! a new scenario whose expectations are what the adjudicator gives now.
//! Pure, tested natively.

use judgepad_core::game::{Game, Report, run_phase};
use judgepad_core::map::Map;
use judgepad_core::orders::{Order, format_order};
use judgepad_core::scenario::{self, Form};
use judgepad_core::text::{FileId, LineIndex};

use crate::bridge::Loaded;

/// One scenario's line in the panel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScenarioRow {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Passes.
    pub ok: bool,
    /// The file it is in, and its header's bytes (a click shows it).
    pub path: String,
    /// The header's bytes.
    pub span: (usize, usize),
    /// `[Ln 8] `A PAR - BUR`: expected succeeds, got fails`, one per difference or problem.
    pub details: Vec<String>,
}

/// Runs every scenario of the map's files.
pub fn run_all(loaded: &Loaded) -> Vec<ScenarioRow> {
    let map = &loaded.map;
    let mut rows = Vec::new();
    for (idx, file) in map.files.iter().enumerate() {
        if !file.text.contains("@scenario") {
            continue;
        }
        let id = FileId(idx as u32);
        let index = LineIndex::new(&file.text);
        let line = |at: u32| index.line_col(&file.text, at).line;
        let (list, problems) = scenario::parse(id, &file.text, Form::Embedded);
        for case in &list {
            let report = scenario::run(map, id, &file.text, case);
            let mut details: Vec<String> = report
                .mismatches
                .iter()
                .map(|m| {
                    format!(
                        "[Ln {}] {}: expected {}, got {}",
                        line(m.at.start),
                        m.subject,
                        m.expected,
                        m.actual
                    )
                })
                .collect();
            details.extend(
                report
                    .diagnostics
                    .iter()
                    .map(|d| format!("[Ln {}] {}", line(d.primary.at.span.start), d.message)),
            );
            rows.push(ScenarioRow {
                id: report.id.clone(),
                title: report.title.clone(),
                ok: report.ok(),
                path: file.name.clone(),
                span: (case.at.start as usize, case.at.end as usize),
                details,
            });
        }
        for problem in problems {
            rows.push(ScenarioRow {
                id: "?".into(),
                title: String::new(),
                ok: false,
                path: file.name.clone(),
                span: (
                    problem.primary.at.span.start as usize,
                    problem.primary.at.span.end as usize,
                ),
                details: vec![format!(
                    "[Ln {}] {}",
                    line(problem.primary.at.span.start),
                    problem.message
                )],
            });
        }
    }
    rows
}

fn unit_line(map: &Map, word: &str, piece: &judgepad_core::board::Piece) -> String {
    format!("# {word} {} {}\n", map.pow(piece.power).name, map.unit_text(piece.unit))
}

/// The game's current phase, position and `orders` as a scenario block
/// named `id`, expecting what the adjudicator gives now.
pub fn from_game(game: &Game, orders: &[Order], id: &str) -> String {
    let map = &game.map;
    let board = &game.board;
    let mut out = format!(
        "# @scenario {id} | saved from {}\n# phase {}\n",
        game.phase.long_name(),
        game.phase.abbr()
    );
    for (idx, power) in map.powers.iter().enumerate() {
        let owned: Vec<&str> = board
            .owners
            .iter()
            .enumerate()
            .filter(|(_, owner)| owner.is_some_and(|o| o.0 as usize == idx))
            .map(|(p, _)| map.provinces[p].abbr.as_str())
            .collect();
        if !owned.is_empty() {
            out.push_str(&format!("# owns {}: {}\n", power.name, owned.join(" ")));
        }
    }
    for piece in &board.pieces {
        out.push_str(&unit_line(map, "unit", piece));
    }
    let (report, after) = run_phase(map, &game.phase, board, orders);
    let index: Vec<Option<usize>> = (0..orders.len()).map(Some).collect();
    let outcomes = report.outcomes(&index);
    // A pause adjudicates nothing: no result to expect.
    let outcome = |idx: usize| -> &'static str {
        if matches!(report, Report::Pause) { "-" } else { outcomes[idx].as_str() }
    };
    for (idx, order) in orders.iter().enumerate() {
        out.push_str(&format!(
            "# order {}: {} => {}\n",
            map.pow(order.power).name,
            format_order(map, order),
            outcome(idx)
        ));
    }
    if after.pieces.is_empty() && after.dislodged.is_empty() {
        out.push_str("# none-after\n");
    }
    for piece in &after.pieces {
        out.push_str(&unit_line(map, "after", piece));
    }
    for dislodged in &after.dislodged {
        out.push_str(&unit_line(map, "dislodged", &dislodged.piece));
    }
    out.push_str("# @end\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{game_of, load, read_orders, variant_text};

    #[test]
    fn a_saved_position_is_a_passing_scenario_until_the_map_changes() {
        let text = variant_text("standard");
        let game = game_of(&load("standard.map", &text)).expect("a game");
        let (orders, _) = read_orders(&game, "A PAR - BUR\nA MAR - BUR\nA MUN S A PAR - BUR\n");
        let block = from_game(&game, &orders, "saved-1");
        assert!(block.contains("# order FRANCE: A PAR - BUR => succeeds\n"), "{block}");
        assert!(block.contains("# after FRANCE A BUR\n"), "{block}");
        let with = format!("{text}\n{block}");
        let rows = run_all(&load("standard.map", &with));
        assert_eq!(rows.len(), 1);
        assert!(rows[0].ok, "{:?}", rows[0].details);
        // A map where Paris no longer borders Burgundy: the scenario fails.
        let cut = format!("{with}LAND PAR ABUTS BRE GAS PIC\n");
        let rows = run_all(&load("standard.map", &cut));
        assert!(!rows[0].ok);
        assert!(
            rows[0]
                .details
                .iter()
                .any(|d| d.contains("`A PAR - BUR`: expected succeeds, got void")),
            "{:?}",
            rows[0].details
        );
    }
}
