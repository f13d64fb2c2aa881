//! Command-line arguments, as close to what the user typed as possible
//! (validated, not interpreted).

/// What to do.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `judgepad check [--json] [--all] [--format F] [--powers L=Name,...] FILE...`
    Check {
        files: Vec<String>,
        json: bool,
        all: bool,
        format: Option<String>,
        powers: Option<String>,
    },
    /// `judgepad convert FILE [SEED] [--to dpjudge] [--format F] [--powers L=Name,...]`
    Convert { file: String, seed: Option<String>, format: Option<String>, powers: Option<String> },
    /// `judgepad dump FILE [--json]`
    Dump { file: String },
    /// `judgepad phases FILE [--count N] [--from PHASE] [--changes]`
    Phases { file: String, count: usize, from: Option<String>, changes: bool },
    /// `judgepad layout FILE [--json|--svg|--sheet]`
    Layout { file: String, svg: bool, sheet: bool },
    /// `judgepad balance FILE [--json]`
    Balance { file: String, json: bool },
    /// `judgepad playout FILE [--games N] [--years Y] [--seed S] [--json]`
    Playout { file: String, games: u32, years: u32, seed: u64, json: bool },
    /// `judgepad export FILE --to diplomacy-package --out DIR`
    Export { file: String, to: String, out: String },
    /// `judgepad test FILE [SCENARIOS...] [--json]`
    Test { file: String, scenarios: Vec<String>, json: bool },
    /// `judgepad diff OLD NEW [--json]`
    Diff { old: String, new: String, json: bool },
    /// `judgepad adjudicate` (JSON Lines on stdin)
    Adjudicate,
    /// `judgepad bench [--save]`
    Bench { save: bool },
    /// `judgepad help [CMD]`, `judgepad CMD --help`, `-h`
    Help { command: Option<String> },
    /// `judgepad --version`, `-V`
    Version,
}

pub(crate) const USAGE: &str = "\
usage: judgepad check [--json] [--all] [--format F] [--dialect D] FILE...
                                            diagnostics for .map, nJudge and Xconq files
       judgepad convert FILE [SEED]         an nJudge map (+ seed) as DPjudge .map text
       judgepad dump FILE --json            the resolved map as JSON
       judgepad phases FILE [--count N] [--from PHASE] [--changes]
                                            the calendar: ABBR<TAB>Long name per phase
       judgepad layout FILE [--json|--svg|--sheet]
                                            the map drawn from its adjacency graph
       judgepad balance FILE [--json]       what the graph says about each power's chances
       judgepad playout FILE [--games N] [--years Y] [--seed S] [--json]
                                            bot games: how each power fares
       judgepad export FILE --to diplomacy-package|diplicity --out DIR
                                            the variant for the diplomacy package or diplicity
       judgepad adjudicate                  JSON Lines in, JSON Lines out (docs/batch.md)
       judgepad test FILE [SCENARIOS...] [--json]
                                            run the variant's scenarios (docs/scenarios.md)
       judgepad diff OLD NEW [--json]       what changed in play between two versions
       judgepad bench [--save]              timings (build with --release)
       judgepad help [COMMAND]              this text, or one command's
       judgepad --version
FILE may also name a bundled variant (e.g. `standard`).";

/// Each command's own help: (name, text).
pub(crate) const COMMANDS: &[(&str, &str)] = &[
    (
        "check",
        "usage: judgepad check [--json] [--all] [--format F] [--dialect D] [--powers L=Name,...] FILE...\n\nPrints the diagnostics of each file rustc-style, or with --json as one\narray of {file, line, column, end_line, end_column, severity, code, message, ...}.\nA newcomer's mistake that sets off others on its line (a name line written\n`LAND NOR = North Point`, an ABUTS line without its terrain) is shown first\nwith the intended syntax and a fix, the rest of its line folded under it\n(counted; --all, and --json, list every one).\nThe format is sniffed from the name and text, or given by --format: dpjudge,\npackage (the diplomacy package's dialect), njudge (a map. file; its seed. file\nbeside it is read too), njudge-seed, xconq. Other formats than DPjudge get a\nfirst note saying how the file was read. --dialect dpjudge|package reads a .map\nas DPjudge or as the diplomacy package does (the package refuses FLOW, IN/FROM,\nabut restrictions, renames and home prefixes other than -, and requires a\ncoastless province to abut the water its coasts abut; DPjudge only warns). USE (and Xconq includes) resolve from\nthe file's folder, then the bundled maps. An nJudge map is also converted, and\nany error the converted text has is shown as FILE (converted).\nExit code: 0 clean or warnings only, 1 errors, 2 bad arguments.",
    ),
    (
        "convert",
        "usage: judgepad convert FILE [SEED] [--to dpjudge] [--powers L=Name,...]\n\nPrints an nJudge variant (FILE a map. file, SEED its seed. file; without SEED\nthe seed beside the map is used) as DPjudge .map text on stdout; diagnostics go\nto stderr. Features DPjudge cannot express (gateways, railways, HongKong, high\nseas, arctic water) are kept as comments and reported as warnings. Power letters\nare named from a table (A E F G I R T: the standard seven); --powers names the\nothers, e.g. --powers B=Britain,C=China.\nExit code: 0 converted cleanly, 1 errors in the input or the result, 2 bad arguments.",
    ),
    (
        "dump",
        "usage: judgepad dump FILE --json\n\nPrints the resolved map (provinces, locations, powers, rules) as JSON.",
    ),
    (
        "phases",
        "usage: judgepad phases FILE [--count N] [--from PHASE] [--changes]\n\nPrints N phases of the map's calendar (default 12) from its BEGIN phase or\nfrom PHASE, one per line: ABBR<TAB>Long name. With --changes, only the phases\nwhere IN/FROM blocks change the map, with the blocks applied.",
    ),
    (
        "layout",
        "usage: judgepad layout FILE [--json|--svg|--sheet]\n\nDraws the map from its adjacency graph: every province a region, two regions\nsharing a border exactly when the provinces are adjacent, the rest as connectors.\n--json (the default) prints {width, height, provinces: [{abbr, name, terrain,\npolygon, label, supply_center}], borders: [{a, b, kind}], connectors: [{a, b,\nkind, path, wraps}], coasts: [{abbr, at}], pin_conflicts: [{abbr, with}]} in a\nbox 1000 units wide (a link that wraps leaves by one edge and comes back by the\nother: its path is a, out, in, b); --svg prints a stand-alone SVG; --sheet a printable HTML page (the map, the\npowers with their home centres, every province with its full name). `# @pos ABBR\nx y` comment lines in FILE pin provinces: a pinned province's label is at its\npin, the rest follows; a pin the drawing cannot honour is let go and listed in\npin_conflicts (`judgepad check` warns at its line: pin-conflict).",
    ),
    (
        "playout",
        "usage: judgepad playout FILE [--games N] [--years Y] [--seed S] [--json]\n\nPlays N games (default 100) of Y years (default 10) from the variant's first\nphase with a simple bot for every power (core/src/playout.rs: take and hold\ncentres, support moves into contested ones, defend threatened home centres,\nretreat and build towards the nearest centre not owned; no bot sees another's\norders), deterministic for a seed (default 1). Prints per power: solo wins,\ngames survived and eliminated, the mean centres at the end and the median\ncentres each year; then which power most often takes each neutral centre\nfirst. --json prints {games, years, seed, powers: [{power, solos, survivals,\neliminations, mean_final_centres, centres_by_year: [{year, q1, median, q3}]}],\nneutrals: [{centre, taken_first: [{power, games}]}]}.\nExit code: 0, 1 when the map has errors (nothing is played), 2 bad arguments.",
    ),
    (
        "export",
        "usage: judgepad export FILE --to diplomacy-package|diplicity --out DIR\n\nWrites the variant for another platform. diplomacy-package: DIR/NAME.map, one\nself-contained file in the Python diplomacy package's dialect (USE, DROP and\nrenames resolved; the map's pins kept as comments), and DIR/NAME.svg, the map\ndrawn from its adjacency graph in the package's map-art format (the jDip-style\nmetadata its Renderer reads: power colours, symbol sizes, each location's unit\npoint; one path per province, id _abbr; the layers it draws into). Load it with\nGame(map_name='DIR/NAME.map') and draw it with Renderer(game, svg_path=...).\nEverything the package cannot express (a FLOW other than spring/fall/winter,\nIN/FROM, abut restrictions, factories, partisans, reserves, leagues, rules it\ndoes not apply) is a warning at its line (code export-lost) on stderr.\ndiplicity: DIR/NAME.json, the variant definition (DVAR, schema version 1:\nnations, provinces and named coasts with two-way adjacencies, the initial\nstate, the phase progression from the FLOW, the victory count), and\nDIR/NAME.svg, the map (DSVG: background, hidden provinces, named-coasts and\nunit-positions, province-names, borders, foreground), to upload as a draft at\ndiplicity's variants page; what diplicity cannot express is warned likewise.\nExit code: 0 written (warnings allowed), 1 the map has errors (nothing written),\n2 bad arguments.",
    ),
    (
        "balance",
        "usage: judgepad balance FILE [--json]\n\nWhat the map's graph says about each power before anyone plays. Distances are\nmoves of one unit (an army or a fleet; no convoys) from the power's home\ncentres. Per power: its homes, the supply centres it reaches at all, the\nneutral centres it reaches strictly first, those it ties for (and with whom),\nthe moves to its nearest rival's home, and its frontier with each rival\n(provinces both reach first, at the same move); then each neutral centre and\nwho reaches it first, and the first-contact matrix (the fewest moves after\nwhich a unit of each of two powers could stand in one province).\n--json prints {powers: [{power, homes, reachable, first_reach, contested:\n[{centre, with}], nearest_rival_home, frontier: [{with, provinces}]}],\nneutrals: [{centre, first}], contact: [[moves]]}.\nExit code: 0, 1 when the map has errors (the figures are still printed), 2 bad\narguments.",
    ),
    (
        "test",
        "usage: judgepad test FILE [SCENARIOS...] [--json]\n\nRuns the scenarios of the variant FILE: its `# @scenario ID | title` ... `# @end`\ncomment blocks (in any of its files) and each SCENARIOS file (`=== ID | title`\nheaders). Prints ok or FAILED per scenario, and each difference (an order's\nresult, a unit on the board, the next phase, a centre's owner) at its line.\n--json prints {scenarios: [{id, title, file, line, ok, mismatches: [{subject,\nexpected, actual, file, line, column}], diagnostics}], problems, passed, failed}.\nFormat: docs/scenarios.md. Exit code: 0 all pass, 1 a failure, a problem in a\nscenario or no scenario at all, 2 bad arguments.",
    ),
    (
        "diff",
        "usage: judgepad diff OLD NEW [--json]\n\nWhat changed in meaning from OLD to NEW (files or bundled variants): provinces\nand coasts added, removed or renamed (renames are found by their neighbours),\nterrain, supply centres, adjacencies gained or lost per unit type (A/F), powers,\nhomes, starting centres and units, rules, and the first calendar phase that\ndiffers; each with its line on each side. Names, comments, line order and pins\nare no change in play. --json prints {changes: [{section, change, play, old:\n{file, line}, new: {file, line}, provinces}], play_changes}.\nExit code: 0 no change in play, 1 changes, 2 bad arguments.",
    ),
    (
        "adjudicate",
        "usage: judgepad adjudicate < positions.jsonl\n\nReads one JSON object per line (map, phase, units, centres, orders), writes one\nJSON object per line (results, reasons, the new position, the next phase).\nA bad line gives {\"error\": {\"line\", \"message\"}} and the run goes on.\nSchema: docs/batch.md.",
    ),
    (
        "bench",
        "usage: judgepad bench [--save]\n\nTimes map loading and the calendar against budgets and the saved baseline\n(--save writes the baseline). Build with --release.",
    ),
    ("help", "usage: judgepad help [COMMAND]\n\nPrints the usage of judgepad, or of one command."),
];

/// The help text for `command` (the general usage if unknown or `None`).
pub(crate) fn help(command: Option<&str>) -> &'static str {
    command
        .and_then(|name| COMMANDS.iter().find(|(it, _)| *it == name))
        .map_or(USAGE, |(_, text)| text)
}

/// Parses `argv` (without the program name).
pub(crate) fn parse(argv: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err("no command given (see `judgepad help`)".to_string());
    };
    match command.as_str() {
        "--version" | "-V" | "version" => return Ok(Command::Version),
        "help" | "--help" | "-h" => {
            return match rest {
                [] => Ok(Command::Help { command: None }),
                [name] if COMMANDS.iter().any(|(it, _)| it == name) => {
                    Ok(Command::Help { command: Some(name.clone()) })
                }
                [name] => Err(format!("no command `{name}` (see `judgepad help`)")),
                _ => Err("`help` takes at most one COMMAND".to_string()),
            };
        }
        _ => (),
    }
    if !COMMANDS.iter().any(|(it, _)| it == command) {
        return Err(format!("unknown command `{command}` (see `judgepad help`)"));
    }
    if rest.iter().any(|it| it == "--help" || it == "-h") {
        return Ok(Command::Help { command: Some(command.clone()) });
    }
    let mut json = false;
    let mut all = false;
    let mut svg = false;
    let mut sheet = false;
    let mut changes = false;
    let mut save = false;
    let mut count: Option<usize> = None;
    let mut games: u32 = 100;
    let mut years: u32 = 10;
    let mut seed: u64 = 1;
    let mut from: Option<String> = None;
    let mut format: Option<String> = None;
    let mut powers: Option<String> = None;
    let mut to: Option<String> = None;
    let mut out: Option<String> = None;
    let mut files = Vec::new();
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--all" if command == "check" => all = true,
            "--svg" if command == "layout" => svg = true,
            "--sheet" if command == "layout" => sheet = true,
            "--changes" => changes = true,
            "--save" => save = true,
            "--count" => {
                let value = args.next().ok_or("`--count` needs a number")?;
                count = Some(
                    value
                        .parse()
                        .map_err(|_| format!("`--count` needs a number, not `{value}`"))?,
                );
            }
            "--games" | "--years" | "--seed" if command == "playout" => {
                let value = args.next().ok_or_else(|| format!("`{arg}` needs a number"))?;
                let bad = || format!("`{arg}` needs a whole number, not `{value}`");
                match arg.as_str() {
                    "--games" => games = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
                    "--years" => {
                        years =
                            value.parse().ok().filter(|&n| n > 0 && n <= 1000).ok_or_else(|| {
                                format!("`--years` needs 1 to 1000, not `{value}`")
                            })?
                    }
                    _ => seed = value.parse().map_err(|_| bad())?,
                }
            }
            "--format" if command == "check" || command == "convert" => {
                let value = args
                    .next()
                    .ok_or("`--format` needs dpjudge, package, njudge, njudge-seed or xconq")?;
                if judgepad_core::format::Format::parse(value).is_none() {
                    return Err(format!(
                        "unknown format `{value}` (dpjudge, package, njudge, njudge-seed, xconq)"
                    ));
                }
                format = Some(value.clone());
            }
            "--dialect" if command == "check" => {
                let value = args.next().ok_or("`--dialect` needs dpjudge or package")?;
                if judgepad_core::map::Dialect::parse(value).is_none() {
                    return Err(format!("unknown dialect `{value}` (dpjudge, package)"));
                }
                format = Some(if value == "dpjudge" {
                    "dpjudge".to_string()
                } else {
                    "package".to_string()
                });
            }
            "--to" if command == "export" => {
                let value = args.next().ok_or("`--to` needs diplomacy-package or diplicity")?;
                if value != "diplomacy-package" && value != "diplicity" {
                    return Err(format!(
                        "`--to {value}`: judgepad exports to diplomacy-package or diplicity"
                    ));
                }
                to = Some(value.clone());
            }
            "--out" if command == "export" => {
                out = Some(args.next().ok_or("`--out` needs a folder")?.clone());
            }
            "--to" if command == "convert" => {
                let value = args.next().ok_or("`--to` needs dpjudge")?;
                if value != "dpjudge" {
                    return Err(format!("`--to {value}`: judgepad converts to dpjudge only"));
                }
            }
            "--powers" if command == "check" || command == "convert" => {
                let value = args.next().ok_or("`--powers` needs LETTER=Name,...")?;
                judgepad_core::njudge::PowerNames::default().parse_list(value)?;
                powers = Some(value.clone());
            }
            "--from" => {
                from = Some(args.next().ok_or("`--from` needs a phase such as S1901M")?.clone())
            }
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(format!(
                    "unknown option `{flag}` for `{command}` (see `judgepad help {command}`)"
                ));
            }
            file => files.push(file.to_string()),
        }
    }
    match command.as_str() {
        "check" => {
            if files.is_empty() {
                return Err("`check` needs at least one FILE".to_string());
            }
            Ok(Command::Check { files, json, all, format, powers })
        }
        "convert" => match files.as_slice() {
            [file] => Ok(Command::Convert { file: file.clone(), seed: None, format, powers }),
            [file, seed] => Ok(Command::Convert {
                file: file.clone(),
                seed: Some(seed.clone()),
                format,
                powers,
            }),
            _ => Err("`convert` needs FILE and at most one SEED".to_string()),
        },
        "dump" => match files.as_slice() {
            [file] => Ok(Command::Dump { file: file.clone() }),
            _ => Err("`dump` needs exactly one FILE".to_string()),
        },
        "phases" => match files.as_slice() {
            [file] => Ok(Command::Phases {
                file: file.clone(),
                count: count.unwrap_or(12),
                from,
                changes,
            }),
            _ => Err("`phases` needs exactly one FILE".to_string()),
        },
        "layout" => match files.as_slice() {
            [_] if json && svg => Err("`layout` prints --json or --svg, not both".to_string()),
            [file] => Ok(Command::Layout { file: file.clone(), svg, sheet }),
            _ => Err("`layout` needs exactly one FILE".to_string()),
        },
        "balance" => match files.as_slice() {
            [file] => Ok(Command::Balance { file: file.clone(), json }),
            _ => Err("`balance` needs exactly one FILE".to_string()),
        },
        "playout" => match files.as_slice() {
            [file] => Ok(Command::Playout { file: file.clone(), games, years, seed, json }),
            _ => Err("`playout` needs exactly one FILE".to_string()),
        },
        "export" => match (files.as_slice(), to, out) {
            ([file], Some(to), Some(out)) => Ok(Command::Export { file: file.clone(), to, out }),
            ([_], None, _) => {
                Err("`export` needs `--to diplomacy-package` or `--to diplicity`".to_string())
            }
            ([_], _, None) => Err("`export` needs `--out DIR`".to_string()),
            _ => Err("`export` needs exactly one FILE".to_string()),
        },
        "test" => match files.split_first() {
            Some((file, scenarios)) => {
                Ok(Command::Test { file: file.clone(), scenarios: scenarios.to_vec(), json })
            }
            None => Err("`test` needs a FILE (a .map or a bundled variant)".to_string()),
        },
        "diff" => match files.as_slice() {
            [old, new] => Ok(Command::Diff { old: old.clone(), new: new.clone(), json }),
            _ => Err("`diff` needs OLD and NEW".to_string()),
        },
        "bench" => Ok(Command::Bench { save }),
        "adjudicate" => Ok(Command::Adjudicate),
        other => Err(format!("unknown command `{other}` (see `judgepad help`)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<String> {
        args.iter().map(|it| it.to_string()).collect()
    }

    #[test]
    fn export_needs_a_known_target_and_a_folder() {
        assert_eq!(
            parse(&argv(&["export", "standard", "--to", "diplicity", "--out", "d"])),
            Ok(Command::Export {
                file: "standard".to_string(),
                to: "diplicity".to_string(),
                out: "d".to_string()
            })
        );
        for bad in [
            &["export", "standard", "--out", "d"][..],
            &["export", "standard", "--to", "webdiplomacy", "--out", "d"],
            &["export", "standard", "--to", "diplomacy-package"],
            &["export", "--to", "diplicity", "--out", "d"],
        ] {
            assert!(parse(&argv(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parses() {
        assert_eq!(
            parse(&argv(&["check", "--json", "a.map", "b.map"])),
            Ok(Command::Check {
                files: vec!["a.map".into(), "b.map".into()],
                json: true,
                all: false,
                format: None,
                powers: None
            })
        );
        assert!(parse(&argv(&["check"])).is_err());
        assert!(parse(&argv(&["frob"])).is_err());
        assert!(parse(&argv(&["check", "--nope", "x"])).is_err());
        assert!(parse(&argv(&["check", "-x", "a.map"])).is_err());
        assert_eq!(parse(&argv(&["--version"])), Ok(Command::Version));
        assert_eq!(parse(&argv(&["-h"])), Ok(Command::Help { command: None }));
        assert_eq!(
            parse(&argv(&["help", "check"])),
            Ok(Command::Help { command: Some("check".into()) })
        );
        assert_eq!(
            parse(&argv(&["phases", "x.map", "--help"])),
            Ok(Command::Help { command: Some("phases".into()) })
        );
        assert!(parse(&argv(&["help", "frob"])).is_err());
    }

    #[test]
    fn parses_playout() {
        assert_eq!(
            parse(&argv(&["playout", "standard", "--games", "5", "--seed", "9", "--json"])),
            Ok(Command::Playout {
                file: "standard".into(),
                games: 5,
                years: 10,
                seed: 9,
                json: true
            })
        );
        for bad in [
            &["playout", "x", "--games", "0"][..],
            &["playout", "x", "--years", "many"],
            &["playout", "x", "--years", "2000"],
        ] {
            let err = parse(&argv(bad)).unwrap_err();
            assert!(err.contains("needs"), "{err}");
        }
        assert!(parse(&argv(&["balance", "x", "--games", "5"])).is_err());
    }
}
