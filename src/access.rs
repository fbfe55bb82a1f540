//! Request extractors: a handler that takes [`AdminUser`] cannot be reached without an admin's
//! token, one that takes [`StaffUser`] without an admin's or an editor's. The body, query and
//! path extractors a handler takes beside them ([`Json`], [`Query`], `PathId`) wait for that
//! check, so a caller who may not make the call learns nothing from how their input is refused.

pub use crate::client::{client_ip, Actor, ClientIp};
use crate::db;
use crate::db::trail::Trail;
use crate::domain::Role;
use crate::error::ApiError;
use crate::held_writes::{hold, Released};
use crate::state::AppState;
use crate::upi_guard::Verdict;
use actix_web::dev::Payload;
use actix_web::error::InternalError;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// A signed-in user, as the database has them now.
pub struct AuthUser(pub db::users::User);

/// A signed-in user who is admin in the database at this moment (a demotion counts at once), and
/// the trail of their request, for the activity log: the handler hands it to `db::run_as`.
pub struct AdminUser(pub db::users::User, pub Trail);

/// A signed-in admin or editor: someone who uses the admin area. What an editor may do there is
/// decided call by call (see [`Access`]). With the trail of their request, as [`AdminUser`].
pub struct StaffUser(pub db::users::User, pub Trail);

/// What the admin area's extractors give a handler besides the user: the request's trail, and a
/// refusal recorded on it.
macro_rules! staff_trail {
    ($($extractor:ident),*) => {$(
        impl $extractor {
            /// The trail of this staff member's request, for `db::run_as`.
            pub fn trail(&self) -> &Trail {
                &self.1
            }

            /// A refusal (403) of this staff member's call, recorded in the activity log.
            pub fn refuse(&self, why: &'static str) -> ApiError {
                refuse(&self.1, why)
            }
        }
    )*};
}
staff_trail!(StaffUser, AdminUser);

/// Who may make an admin-area call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Admins and editors: publishing, reading messages.
    Editors,
    /// Admins alone: people, money details, email, backups, the activity log.
    Admins,
}

/// The refusal of an admin-area call to a visitor's account.
pub const NOT_STAFF: &str = "Admin access required";
/// The refusal of every admin-area call while the rule "Staff must use a second factor" is on
/// and the account has none.
pub const SECOND_FACTOR_FIRST: &str =
    "Staff must use a second factor: set one up on your Account page first";
/// The refusal of an admins-only call to an editor.
pub const ADMINS_ONLY: &str = "Only admins can do this; ask an admin";

impl StaffUser {
    /// This user, when their role may make a call open to `access`.
    pub fn allowed(self, access: Access) -> Result<StaffUser, ApiError> {
        match (access, self.0.role) {
            (Access::Admins, Role::Admin) | (Access::Editors, _) => Ok(self),
            _ => Err(self.refuse(ADMINS_ONLY)),
        }
    }
}

/// A staff member's refusal (403), recorded in the activity log on their request's `trail`.
pub fn refuse(trail: &Trail, why: &'static str) -> ApiError {
    crate::audit::refused(trail, why);
    ApiError::Forbidden(why)
}

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

async fn current_user(req: HttpRequest) -> Result<db::users::User, ApiError> {
    let state = AppState::of(&req)?;
    let token = bearer(&req).ok_or(ApiError::Unauthorized("Please log in"))?;
    let invalid = ApiError::Unauthorized("Your session has expired, please log in again");
    let Some(subject) = state.jwt.verify(&token) else {
        return Err(invalid);
    };
    let user = db::run(&state.pool, move |conn| {
        db::users::find(conn, subject.user_id)
    })
    .await?;
    match user {
        // An account made after the token was issued is not the one it was issued to.
        Some(user)
            if user.token_version == subject.version && subject.issued_at >= user.created =>
        {
            Ok(user)
        }
        _ => Err(invalid),
    }
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let check = current_user(req.clone());
        gate(req, async move { check.await.map(AuthUser) })
    }
}

/// The signed-in admin or editor, noted on the request as the actor of what it changes, and the
/// trail of their request.
async fn staff_user(req: HttpRequest) -> Result<StaffUser, ApiError> {
    let user = current_user(req.clone()).await?;
    if !user.role.is_staff() {
        return Err(ApiError::Forbidden(NOT_STAFF));
    }
    let id = user.id;
    let pool = &AppState::of(&req)?.pool;
    if db::run(pool, move |conn| db::second_factors::rule_blocks(conn, id)).await? {
        return Err(ApiError::Forbidden(SECOND_FACTOR_FIRST));
    }
    let actor = Actor::of(&user);
    let trail = crate::audit::trail_of(&req, &actor, &AppState::of(&req)?.pool);
    // For the body's extractor, which may refuse what the body says (a UPI ID, see `Json`).
    req.extensions_mut().insert(actor);
    req.extensions_mut().insert(trail.clone());
    Ok(StaffUser(user, trail))
}

impl FromRequest for StaffUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let check = staff_user(req.clone());
        gate(req, check)
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let check = staff_user(req.clone());
        gate(req, async move {
            let StaffUser(user, trail) = check.await?.allowed(Access::Admins)?;
            Ok(AdminUser(user, trail))
        })
    }
}

/// On a request whose access check let it through: what the other extractors judge is then the
/// caller's to hear (a refusal of theirs is no second refusal of someone turned away).
#[derive(Debug, Clone, Copy)]
pub struct Admitted;

/// Opened once the request's access check is done, either way; until then the other
/// extractors wait (see [`AfterAccess`]).
#[derive(Default)]
struct Gate {
    open: Cell<bool>,
    waiting: RefCell<Vec<Waker>>,
}

/// Opens its gate when dropped: when the check is done, and also if it is dropped undone.
struct Opens(Rc<Gate>);

impl Drop for Opens {
    fn drop(&mut self) {
        self.0.open.set(true);
        for waker in self.0.waiting.take() {
            waker.wake();
        }
    }
}

/// `check` as the request's access check: the extractors after it wait until it is done. (The
/// handler's extractors are all made before any is polled, so the gate is there in time.)
fn gate<T: 'static>(
    req: &HttpRequest,
    check: impl Future<Output = Result<T, ApiError>> + 'static,
) -> Pin<Box<dyn Future<Output = Result<T, ApiError>>>> {
    let opens = Opens(Rc::default());
    req.extensions_mut().insert(opens.0.clone());
    let request = req.clone();
    Box::pin(async move {
        let checked = check.await;
        if checked.is_ok() {
            request.extensions_mut().insert(Admitted);
        }
        drop(opens);
        checked
    })
}

/// An extractor's future that starts once the request's access check (if it has one) is done.
/// actix-web answers the first extractor that fails; waiting makes that the access check.
pub struct AfterAccess<F> {
    req: HttpRequest,
    inner: Pin<Box<F>>,
}

impl<F> AfterAccess<F> {
    pub fn new(req: &HttpRequest, inner: F) -> AfterAccess<F> {
        AfterAccess {
            req: req.clone(),
            inner: Box::pin(inner),
        }
    }
}

impl<F: Future> Future for AfterAccess<F> {
    type Output = F::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let gate = self.req.extensions().get::<Rc<Gate>>().cloned();
        if let Some(gate) = gate.filter(|gate| !gate.open.get()) {
            gate.waiting.borrow_mut().push(cx.waker().clone());
            return Poll::Pending;
        }
        self.inner.as_mut().poll(cx)
    }
}

/// A JSON body (`web::Json`, with the API's limits and refusals), read after the access check.
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // Read as JSON first (the API's limits and refusals), looked at for UPI IDs where
        // visitors will read it, then parsed into the call's own type.
        #[allow(clippy::disallowed_types)]
        let body = web::Json::<serde_json::Value>::from_request(req, payload);
        let request = req.clone();
        Box::pin(AfterAccess::new(req, async move {
            let body = body.await?.into_inner();
            // Turned away already: the access check's answer is the one given.
            let admitted = request.extensions().get::<Admitted>().is_some();
            let actor = request.extensions().get::<Actor>().cloned();
            let trail = request.extensions().get::<Trail>().cloned();
            // The call the server makes for a held write of an admin's: judged when it was held.
            let released = request.extensions().get::<Released>().is_some();
            if let (Some(actor), Some(trail), true) = (actor, trail, admitted) {
                let verdict = match released && actor.role == Role::Admin {
                    true => Verdict::Pass,
                    false => crate::upi_guard::check(&request, &actor, &body)
                        .await
                        .map_err(|err| match err {
                            ApiError::Forbidden(why) => refuse(&trail, why),
                            other => other,
                        })?,
                };
                if let Verdict::Hold { field, id } = verdict {
                    // Held: answered here, and the handler runs when the hold is over.
                    if let Some(answer) = hold(&request, &trail, &actor, &body, (field, id)).await?
                    {
                        return Err(InternalError::from_response("held", answer).into());
                    }
                }
            }
            serde_json::from_value::<T>(body)
                .map(Json)
                .map_err(|err| crate::error::body_refused(&err).into())
        }))
    }
}

/// A query string (`web::Query`), read after the access check.
pub struct Query<T>(pub T);

impl<T> Query<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Query<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Query<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        #[allow(clippy::disallowed_types)]
        let query = web::Query::<T>::from_request(req, payload);
        Box::pin(AfterAccess::new(req, async move {
            query.await.map(|query| Query(query.into_inner()))
        }))
    }
}
