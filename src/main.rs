//! Entry point: parse the command line and hand over to the chosen command.

use clap::Parser;
use jyoti::cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve(cli.serve)) {
        Command::Serve(args) => jyoti::startup::serve(args),
        Command::CreateAdmin(args) => jyoti::commands::create_admin(args),
        Command::ResetPassword(args) => jyoti::commands::reset_password(args),
        Command::Backup(args) => jyoti::commands::backup(args),
        Command::Restore(args) => jyoti::commands::restore(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
