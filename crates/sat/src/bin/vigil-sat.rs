//! Standalone front end of the SAT core (the `vigil` binary offers the same as `vigil sat`).

use std::io::Write;

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let code = match vigil_sat::cli::parse_args(&words) {
        Ok(args) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            match vigil_sat::run_dimacs_cli(&args, &mut out) {
                Ok(code) => code,
                Err(e) => {
                    let _ = out.flush();
                    eprintln!("vigil-sat: {e}");
                    2
                }
            }
        }
        Err(e) => {
            eprintln!("vigil-sat: {e}");
            2
        }
    };
    std::process::exit(code);
}
