//! How the resource files declare their calls: a `Call` per method and path, the path-id
//! extractor, the spec's answers, and builders for the calls that only differ in what they change.
//!
//! A builder's name says who may call it: `admin_…` calls are the admin area's, open to the
//! [`Access`] given first (admins alone, or editors too). Its handler takes the extractor of
//! that access ([`as_staff!`]), so the check comes before the body, query and id are read.

use crate::access::{Access, AdminUser, AfterAccess, Json, Query, StaffUser};
use crate::conditional::fresh_json;
use crate::db;
use crate::db::kept_orders::KeptOrders;
use crate::db::{Page, Table};
use crate::domain::{Id, ListQuery, Listing, Order, OrderRequest, SortOrder};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse, Responder};
use rusqlite::Connection;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::marker::PhantomData;

/// One API call: a method and a path under `/api`, and the handler that answers it.
pub struct Call {
    pub method: Method,
    pub path: &'static str,
    pub route: actix_web::Route,
}

macro_rules! call_with_method {
    ($($name:ident => $method:ident),*) => {$(
        pub fn $name<F, Args>(path: &'static str, handler: F) -> Call
        where
            F: Handler<Args>,
            Args: FromRequest + 'static,
            F::Output: Responder + 'static,
        {
            Call {
                method: Method::$method,
                path,
                route: actix_web::Route::new().method(Method::$method).to(handler),
            }
        }
    )*};
}
call_with_method!(get => GET, post => POST, put => PUT, patch => PATCH, delete => DELETE);

/// A kind of record reached by id in a path; its 404 message when the id names none.
pub trait Record: 'static {
    const NOT_FOUND: &'static str;
    /// The bin's name for it, when a delete keeps it in the bin.
    const BIN: Option<crate::domain::BinKind> = None;
}

/// `impl Record for $record` with its 404 message: `record!(Notice, "Notice not found");`.
macro_rules! record {
    ($record:ty, $not_found:literal) => {
        impl super::calls::Record for $record {
            const NOT_FOUND: &'static str = $not_found;
        }
    };
    ($record:ty, $not_found:literal, $bin:ident) => {
        impl super::calls::Record for $record {
            const NOT_FOUND: &'static str = $not_found;
            const BIN: Option<crate::domain::BinKind> = Some(crate::domain::BinKind::$bin);
        }
    };
}
pub(super) use record;

/// The `{id}` of the path, parsed: anything but a positive integer is that record's 404,
/// exactly like an id that names no record.
pub struct PathId<R>(i64, PhantomData<fn() -> R>);

impl<R> Clone for PathId<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for PathId<R> {}

impl<R: Record> PathId<R> {
    pub fn get(self) -> i64 {
        self.0
    }

    /// The record, or this kind's 404.
    pub fn found<T>(self, record: Option<T>) -> Result<T, ApiError> {
        record.ok_or(ApiError::NotFound(R::NOT_FOUND))
    }

    /// `{"msg": done}` when the change found its record, or this kind's 404.
    pub fn done(self, found: bool, done: &str) -> Result<HttpResponse, ApiError> {
        self.found(found.then_some(()))?;
        Ok(message(done))
    }
}

impl<R: Record> FromRequest for PathId<R> {
    type Error = ApiError;
    // Even a 404 for an id that names nothing waits for the access check.
    type Future = AfterAccess<std::future::Ready<Result<Self, ApiError>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let id = req
            .match_info()
            .get("id")
            .and_then(Id::parse)
            .map(|id| PathId(id.get(), PhantomData))
            .ok_or(ApiError::NotFound(R::NOT_FOUND));
        AfterAccess::new(req, std::future::ready(id))
    }
}

/// 200 with `{"msg": text}`, the spec's answer to a change.
pub fn message(text: &str) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "msg": text }))
}

/// `$call` with `$user` standing for the extractor of `$access`: [`AdminUser`] or [`StaffUser`].
macro_rules! as_staff {
    ($access:expr, $user:ident => $call:expr) => {
        match $access {
            Access::Admins => {
                type $user = AdminUser;
                $call
            }
            Access::Editors => {
                type $user = StaffUser;
                $call
            }
        }
    };
}

/// Parses a request body into what a write takes.
type Parse<B, I> = fn(B) -> Result<I, ApiError>;

/// `POST path`: an admin adds a record from the parsed body; 201 with `{"_id", "msg": done}`.
pub fn admin_add<B, I>(
    access: Access,
    path: &'static str,
    parse: Parse<B, I>,
    insert: fn(&mut Connection, &I) -> Result<i64, ApiError>,
    done: &'static str,
) -> Call
where
    B: DeserializeOwned + 'static,
    I: Send + 'static,
{
    as_staff!(access, User => post(
        path,
        move |user: User, state: web::Data<AppState>, body: Json<B>| async move {
            let input = parse(body.into_inner())?;
            let id = db::run_noted(&state.pool, user.trail(), move |conn, note| {
                let id = insert(conn, &input)?;
                note.created(id);
                Ok(id)
            })
            .await?;
            Ok::<_, ApiError>(
                HttpResponse::Created().json(serde_json::json!({ "_id": id, "msg": done })),
            )
        },
    ))
}

/// `PATCH path`: an admin changes the record the path's id names; `{"msg": done}` or its 404.
pub fn admin_change<R, B, I>(
    access: Access,
    path: &'static str,
    parse: Parse<B, I>,
    change: fn(&mut Connection, i64, &I) -> Result<bool, ApiError>,
    done: &'static str,
) -> Call
where
    R: Record,
    B: DeserializeOwned + 'static,
    I: Send + 'static,
{
    as_staff!(access, User => patch(
        path,
        move |user: User, state: web::Data<AppState>, id: PathId<R>, body: Json<B>| async move {
            let input = parse(body.into_inner())?;
            let by = user.0.named();
            let found = db::run_as(&state.pool, user.trail(), move |conn| {
                kept_in_history::<R>(conn, id.get(), &by)?;
                change(conn, id.get(), &input)
            })
            .await?;
            id.done(found, done)
        },
    ))
}

/// `PATCH path`: an admin changes the record the path's id names (the parser gets that id, to
/// check an `_id` sent back with the record); the changed record or its 404.
pub fn admin_update<R, B, I>(
    access: Access,
    path: &'static str,
    parse: fn(B, i64) -> Result<I, ApiError>,
    update: fn(&mut Connection, i64, &I) -> Result<Option<R>, ApiError>,
) -> Call
where
    R: Record + Serialize + Send,
    B: DeserializeOwned + 'static,
    I: Send + 'static,
{
    as_staff!(access, User => patch(
        path,
        move |user: User, state: web::Data<AppState>, id: PathId<R>, body: Json<B>| async move {
            let input = parse(body.into_inner(), id.get())?;
            let by = user.0.named();
            let record = db::run_as(&state.pool, user.trail(), move |conn| {
                kept_in_history::<R>(conn, id.get(), &by)?;
                update(conn, id.get(), &input)
            })
            .await?;
            Ok::<_, ApiError>(HttpResponse::Ok().json(id.found(record)?))
        },
    ))
}

/// Keeps record `id` as it is in its history before a change, when its kind has one (the
/// kinds the bin keeps, but messages and gifts, which nobody edits).
fn kept_in_history<R: Record>(conn: &Connection, id: i64, by: &str) -> Result<(), ApiError> {
    if let Some(kind) = R::BIN.filter(|kind| kind.has_history()) {
        db::history::keep(conn, kind, id, by)?;
    }
    Ok(())
}

/// `DELETE path`: an admin deletes the record the path's id names; `{"msg": done}` or its 404.
/// A record with a bin kind goes to the bin first, in the same transaction; the answer is the
/// same (the client knows what it deleted, for its Undo).
pub fn admin_delete<R: Record>(
    access: Access,
    path: &'static str,
    delete_record: fn(&mut Connection, i64) -> Result<bool, ApiError>,
    done: &'static str,
) -> Call {
    as_staff!(access, User => delete(
        path,
        move |user: User, state: web::Data<AppState>, id: PathId<R>| async move {
            let by = user.0.named();
            let record = id.get();
            let found = db::run_as(&state.pool, user.trail(), move |conn| {
                if let Some(kind) = R::BIN {
                    db::bin::keep(conn, kind, record, &by, None)?;
                }
                delete_record(conn, record)
            })
            .await?;
            id.done(found, done)
        },
    ))
}

/// `PUT path`: an admin puts a whole list in a new order.
pub fn admin_reorder(
    access: Access,
    path: &'static str,
    reorder: fn(&mut Connection, &Order) -> Result<(), ApiError>,
) -> Call {
    as_staff!(access, User => put(
        path,
        move |user: User, state: web::Data<AppState>, body: Json<OrderRequest>| async move {
            let order = Order::parse(body.into_inner())?;
            db::run_as(&state.pool, user.trail(), move |conn| reorder(conn, &order)).await?;
            Ok::<_, ApiError>(message("Order saved"))
        },
    ))
}

/// `GET path`: an admin reads a list — the whole array without paging parameters (as the
/// spec's client expects), or one page (`?page=&size=&sort=&q=`) with the total. The total of
/// an unsearched page of a `kept` table comes from its kept orders.
pub fn admin_list<S, T>(
    access: Access,
    path: &'static str,
    all: db::EachRow<T>,
    page: PageOf<S, T>,
    kept: Option<Table>,
) -> Call
where
    S: SortOrder + Send,
    T: Serialize + Send + 'static,
{
    as_staff!(access, User => get(
        path,
        move |_: User,
              state: web::Data<AppState>,
              req: HttpRequest,
              query: Query<ListQuery>| async move {
            match Listing::<S>::parse(query.into_inner())? {
                None => Ok(crate::download::json_array(&req, state.pool.clone(), all)),
                Some(listing) => {
                    let page = page_of(&state, page, listing, kept).await?;
                    fresh_json(&req, &page)
                }
            }
        },
    ))
}

/// Reads one page of a list.
pub type PageOf<S, T> =
    fn(&mut Connection, &Listing<S>, Option<&KeptOrders>) -> Result<Page<T>, ApiError>;

/// One page, from the kept orders of a `kept` table when nothing is searched.
pub async fn page_of<S: Send + 'static, T: Send + 'static>(
    state: &AppState,
    page: PageOf<S, T>,
    listing: Listing<S>,
    kept: Option<Table>,
) -> Result<Page<T>, ApiError> {
    let kept = match kept.and_then(|table| state.kept_orders(table)) {
        Some(orders) if listing.search.is_none() => Some(orders.clone()),
        _ => None,
    };
    db::run(&state.pool, move |conn| {
        page(conn, &listing, kept.as_deref())
    })
    .await
}

/// `POST path`: an admin adds a record from the parsed body; 201 with the stored record.
pub fn admin_create<B, I, T>(
    access: Access,
    path: &'static str,
    parse: Parse<B, I>,
    insert: fn(&mut Connection, &I) -> Result<T, ApiError>,
) -> Call
where
    B: DeserializeOwned + 'static,
    I: Send + 'static,
    T: Serialize + Send + 'static,
{
    as_staff!(access, User => post(
        path,
        move |user: User, state: web::Data<AppState>, body: Json<B>| async move {
            let input = parse(body.into_inner())?;
            let record = db::run_noted(&state.pool, user.trail(), move |conn, note| {
                let record = insert(conn, &input)?;
                let id = serde_json::to_value(&record)
                    .ok()
                    .and_then(|shown| shown["_id"].as_i64());
                if let Some(id) = id {
                    note.created(id);
                }
                Ok(record)
            })
            .await?;
            Ok::<_, ApiError>(HttpResponse::Created().json(record))
        },
    ))
}
