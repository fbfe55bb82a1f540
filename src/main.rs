//! Entry point: parse the command line and hand over to the chosen command.

use clap::Parser;
use jyoti::cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Files this program writes (the database and its companions, backups, downloads) are
    // readable by its own user only: a database holds password hashes and the session secret.
    // SAFETY: umask only sets the process's file-creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve(cli.serve)) {
        Command::Serve(args) => jyoti::startup::serve(args),
        Command::CreateAdmin(args) => jyoti::commands::create_admin(args),
        Command::ResetPassword(args) => jyoti::commands::reset_password(args),
        Command::Backup(args) => jyoti::commands::backup(args),
        Command::Restore(args) => jyoti::commands::restore(args),
        Command::RotateSecret(args) => jyoti::commands::rotate_secret(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
