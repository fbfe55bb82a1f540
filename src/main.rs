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
    // Two malloc arenas, not one per busy thread: with many blocking-pool threads the default
    // spreads freed memory over dozens of arenas and the resident size keeps growing.
    #[cfg(target_env = "gnu")]
    // SAFETY: mallopt only tunes the allocator; it is called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
    // What systemd gives the service from /etc/default/jyoti, the commands get too.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let args = match jyoti::env_file::load(&args) {
        Ok(args) => args,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let cli = Cli::parse_from(args);
    let result = match cli.command.unwrap_or(Command::Serve(cli.serve)) {
        Command::Serve(args) => jyoti::startup::serve(args),
        Command::CreateAdmin(args) => jyoti::commands::create_admin(args),
        Command::ResetPassword(args) => jyoti::commands::reset_password(args),
        Command::Backup(args) => jyoti::commands::backup(args),
        Command::Restore(args) => jyoti::commands::restore(args),
        Command::RotateSecret(args) => jyoti::commands::rotate_secret(args),
        Command::Offsite(command) => jyoti::commands::offsite(command),
        Command::SecondFactor(command) => jyoti::commands::second_factor(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
