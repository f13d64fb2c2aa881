//! Command-line arguments, as close to what the user typed as possible
//! (validated, not interpreted).

/// What to do.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `judgepad check [--json] FILE...`
    Check { files: Vec<String>, json: bool },
    /// `judgepad dump FILE [--json]`
    Dump { file: String },
    /// `judgepad help`
    Help,
}

pub(crate) const USAGE: &str = "\
usage: judgepad check [--json] FILE...      diagnostics for .map files (exit 1 on errors)
       judgepad dump FILE --json            the resolved map as JSON
FILE may also name a bundled variant (e.g. `standard`).";

/// Parses `argv` (without the program name).
pub(crate) fn parse(argv: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err("no command given".to_string());
    };
    let mut json = false;
    let mut files = Vec::new();
    for arg in rest {
        match arg.as_str() {
            "--json" => json = true,
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
