//! Command-line arguments, as close to what the user typed as possible
//! (validated, not interpreted).

/// What to do.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `judgepad check [--json] FILE...`
    Check { files: Vec<String>, json: bool },
    /// `judgepad dump FILE [--json]`
    Dump { file: String },
    /// `judgepad phases FILE [--count N] [--from PHASE] [--changes]`
    Phases { file: String, count: usize, from: Option<String>, changes: bool },
    /// `judgepad adjudicate` (JSON Lines on stdin)
    Adjudicate,
    /// `judgepad bench [--save]`
    Bench { save: bool },
    /// `judgepad help`
    Help,
}

pub(crate) const USAGE: &str = "\
usage: judgepad check [--json] FILE...      diagnostics for .map files (exit 1 on errors)
       judgepad dump FILE --json            the resolved map as JSON
       judgepad phases FILE [--count N] [--from PHASE] [--changes]
                                            the calendar: ABBR<TAB>Long name per phase
       judgepad adjudicate                  JSON Lines in, JSON Lines out (docs/batch.md)
       judgepad bench [--save]              timings (build with --profile native)
FILE may also name a bundled variant (e.g. `standard`).";

/// Parses `argv` (without the program name).
pub(crate) fn parse(argv: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err("no command given".to_string());
    };
    let mut json = false;
    let mut changes = false;
    let mut save = false;
    let mut count: Option<usize> = None;
    let mut from: Option<String> = None;
    let mut files = Vec::new();
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
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
            "--from" => {
                from = Some(args.next().ok_or("`--from` needs a phase such as S1901M")?.clone())
            }
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option `{flag}` for `{command}`"));
            }
            file => files.push(file.to_string()),
        }
    }
    match command.as_str() {
        "check" => {
            if files.is_empty() {
                return Err("`check` needs at least one FILE".to_string());
            }
            Ok(Command::Check { files, json })
        }
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
        "bench" => Ok(Command::Bench { save }),
        "adjudicate" => Ok(Command::Adjudicate),
        "help" | "--help" | "-h" => Ok(Command::Help),
        other => Err(format!("unknown command `{other}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<String> {
        args.iter().map(|it| it.to_string()).collect()
    }

    #[test]
    fn parses() {
        assert_eq!(
            parse(&argv(&["check", "--json", "a.map", "b.map"])),
            Ok(Command::Check { files: vec!["a.map".into(), "b.map".into()], json: true })
        );
        assert!(parse(&argv(&["check"])).is_err());
        assert!(parse(&argv(&["frob"])).is_err());
        assert!(parse(&argv(&["check", "--nope", "x"])).is_err());
    }
}
