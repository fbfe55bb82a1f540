//! Maintenance commands run from a terminal: `create-admin`.

use crate::cli::CreateAdminArgs;
use crate::db;
use crate::domain::{Email, NewUser, Password};
use std::io::Read;

/// Creates an admin, or makes an existing user admin. The password comes from stdin so it never
/// shows in the shell history or the process list.
pub fn create_admin(args: CreateAdminArgs) -> Result<(), String> {
    let email = Email::parse(Some(args.email)).map_err(|why| format!("the email {why}"))?;
    let pool = db::open(&args.db.db)?;
    let conn = pool.get().map_err(|e| format!("cannot use the database: {e}"))?;
    let fail = |e: crate::error::ApiError| format!("cannot update the database: {e:?}");

    if let Some(user) = db::users::promote(&conn, &email).map_err(fail)? {
        println!("{} is now an admin (their password is unchanged)", user.email);
        return Ok(());
    }
    let password = read_password()?;
    let password = Password::parse(Some(password)).map_err(|why| format!("the password {why}"))?;
    let hash = bcrypt::hash(password.expose(), crate::state::Settings::default().bcrypt_cost)
        .map_err(|e| format!("cannot hash the password: {e}"))?;
    let user = NewUser {
        firstname: "Admin".into(),
        lastname: String::new(),
        department: String::new(),
        year: String::new(),
        email,
        password,
    };
    let user = db::users::insert(&conn, &user, &hash, true).map_err(fail)?;
    println!("created admin {}", user.email);
    Ok(())
}

/// The first line of stdin, without its line ending.
fn read_password() -> Result<String, String> {
    let mut input = String::new();
    std::io::stdin().take(4096).read_to_string(&mut input).map_err(|e| format!("cannot read the password from stdin: {e}"))?;
    let password = input.lines().next().unwrap_or_default().to_owned();
    if password.is_empty() {
        return Err("give the password on stdin, e.g. `echo 'a long password' | jyoti create-admin --email …`".into());
    }
    Ok(password)
}
