//! Talking to the mail server, with lettre: a connection per batch, plain-text messages.

use super::MailSetup;
use crate::domain::{Security, SmtpServer};
use lettre::message::{header::ContentType, Mailbox};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::extension::ClientId;
use lettre::{Message, SmtpTransport, Transport};
use std::time::Duration;

/// How long one exchange with the mail server may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// A connection to the mail server of `server` (opened on first use). The greeting (EHLO) names
/// the site's own host when its address is known: some mail servers refuse a bare `localhost`.
pub(super) fn transport(server: &SmtpServer, site: Option<&str>) -> Result<SmtpTransport, String> {
    check_server(server)?;
    let builder = match server.security {
        Security::Starttls => SmtpTransport::starttls_relay(&server.host),
        Security::Tls => SmtpTransport::relay(&server.host),
        Security::None => Ok(SmtpTransport::builder_dangerous(&server.host)),
    }
    .map_err(|err| format!("cannot use the mail server {}: {err}", server.host))?;
    let mut builder = builder.port(server.port).timeout(Some(TIMEOUT));
    let site_host = site
        .and_then(|site| url::Url::parse(site).ok())
        .and_then(|url| url.domain().map(str::to_owned));
    if let Some(host) = site_host {
        builder = builder.hello_name(ClientId::Domain(host));
    }
    if !server.username.is_empty() {
        builder = builder.credentials(Credentials::new(
            server.username.clone(),
            server.password.clone(),
        ));
    }
    Ok(builder.build())
}

/// The ports mail servers listen on; a server on this machine may use any.
const MAIL_PORTS: [u16; 4] = [25, 465, 587, 2525];

/// Refuses, before any connection, a mail server the site must not talk to: another port than a
/// mail server's (the Email screen must not probe the network's other services), or a password
/// sent without TLS over the network.
pub fn check_server(server: &SmtpServer) -> Result<(), String> {
    let host = server.host.trim_start_matches('[').trim_end_matches(']');
    let local = host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if !local && !MAIL_PORTS.contains(&server.port) {
        return Err(format!(
            "mail servers listen on port 25, 465, 587 or 2525, not {}",
            server.port
        ));
    }
    if !local && server.security == Security::None && !server.username.is_empty() {
        return Err(
            "the password is sent without TLS only to a mail server on this machine: choose STARTTLS or TLS"
                .into(),
        );
    }
    Ok(())
}

/// A plain-text mail from the site's sender address. User text only ever goes into the body
/// and into headers lettre encodes, so nothing a visitor types can add a header.
pub(super) fn message(
    sender: &str,
    recipients: &[&str],
    reply_to: Option<&str>,
    subject: &str,
    body: String,
    unsubscribe: Option<&str>,
) -> Result<Message, String> {
    let from: Mailbox = format!("Jyoti <{sender}>")
        .parse()
        .map_err(|err| format!("the sender address {sender} is not usable: {err}"))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .subject(subject)
        .message_id(Some(message_id(sender)?));
    let mailboxes = recipients
        .iter()
        .map(|recipient| {
            recipient
                .parse::<Mailbox>()
                .map_err(|err| format!("the address {recipient} is not usable: {err}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    match &mailboxes[..] {
        [one] => builder = builder.to(one.clone()),
        // Several recipients (the admins) see only themselves: the message names the site's own
        // address, and the envelope alone carries theirs (one SMTP transaction, so a failure
        // retries them all).
        several => {
            let envelope = lettre::address::Envelope::new(
                Some(from.email.clone()),
                several
                    .iter()
                    .map(|mailbox| mailbox.email.clone())
                    .collect(),
            )
            .map_err(|err| format!("the mail has no usable recipient: {err}"))?;
            builder = builder.to(from).envelope(envelope);
        }
    }
    if let Some(reply_to) = reply_to {
        let mailbox: Mailbox = reply_to
            .parse()
            .map_err(|err| format!("the reply address {reply_to} is not usable: {err}"))?;
        builder = builder.reply_to(mailbox);
    }
    if let Some(url) = unsubscribe {
        // RFC 8058: a mail program's Unsubscribe button POSTs to the URL, no page to open.
        use lettre::message::header::{HeaderName, HeaderValue};
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    builder
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|err| format!("the mail could not be written: {err}"))
}

/// A new `Message-ID` on the sender's domain: mail without one is spam to some servers, and
/// replies and threads need it.
fn message_id(sender: &str) -> Result<String, String> {
    let domain = sender
        .rsplit_once('@')
        .map_or("jyoti.invalid", |(_, domain)| domain);
    let mut random = [0u8; 16];
    getrandom::fill(&mut random).map_err(|err| format!("no randomness for a Message-ID: {err}"))?;
    let id: String = random.iter().map(|byte| format!("{byte:02x}")).collect();
    Ok(format!("<{id}@{domain}>"))
}

/// Sends `message` through `transport`; the mail server's refusal or the connection's fault as
/// one line.
pub(super) fn send(transport: &SmtpTransport, message: &Message) -> Result<(), String> {
    transport
        .send(message)
        .map(|_| ())
        .map_err(|err| describe(&err))
}

/// A lettre error with its causes, as one line.
fn describe(err: &lettre::transport::smtp::Error) -> String {
    let mut text = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
        source = cause_of(source);
    }
    text
}

fn cause_of<'a>(
    error: Option<&'a (dyn std::error::Error + 'static)>,
) -> Option<&'a (dyn std::error::Error + 'static)> {
    error.and_then(std::error::Error::source)
}

/// Sends the Email screen's test mail at once (on the calling thread: call it off the page
/// workers); the mail server's error when it fails.
pub fn send_test(setup: &MailSetup, to: &str) -> Result<(), String> {
    let (Some(server), Some(sender)) = (&setup.server, &setup.sender) else {
        return Err("email is off: set a mail server and a sender address first".into());
    };
    let body = format!(
        "This is a test email from the Jyoti site, sent from the Email screen of its admin area.\n\n\
         Mail server: {}:{} ({})\nSender: {sender}\n\nIf you can read this, email works.\n",
        server.host,
        server.port,
        server.security.as_str(),
    );
    send_now(setup, to, "Test email from the Jyoti site", body)
}

/// Sends one mail to `to` at once, outside the outbox (on the calling thread: call it off the
/// page workers); the mail server's error when it fails.
pub fn send_now(setup: &MailSetup, to: &str, subject: &str, body: String) -> Result<(), String> {
    let (Some(server), Some(sender)) = (&setup.server, &setup.sender) else {
        return Err("email is off: set a mail server and a sender address first".into());
    };
    let message = message(sender, &[to], None, subject, body, None)?;
    send(&transport(server, setup.site_address.as_deref())?, &message)
}
