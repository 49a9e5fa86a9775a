//! serde_json side of metajson's benchmark suite.
//!
//! The types mirror the C++ structs in `bench/models/*.hpp` field for field and in the same
//! order, so serde_json writes the same JSON as the C++ libraries. Unknown input fields are
//! ignored (serde's default); `Option<String>` is written as `null` when `None`, never skipped.
//!
//! The C ABI at the bottom (declared in `serde_bench.h`) lets the C++ program `bench_serde_ffi`
//! call serde_json the way study 000 did.

use std::ffi::{c_char, c_int, c_void, CString};

use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// bench/models/twitter.hpp
pub mod twitter {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct User {
        pub id: u64,
        pub name: String,
        pub screen_name: String,
        pub location: String,
        pub description: String,
        pub verified: bool,
        pub followers_count: u64,
        pub friends_count: u64,
        pub statuses_count: u64,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Status {
        pub created_at: String,
        pub id: u64,
        pub text: String,
        pub user: User,
        pub retweet_count: u64,
        pub favorite_count: u64,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct TwitterData {
        pub statuses: Vec<Status>,
    }
}

/// bench/models/citm.hpp (field names are the file's camelCase ones, as in the C++ structs).
#[allow(non_snake_case)]
pub mod citm {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CITMPrice {
        pub amount: u64,
        pub audienceSubCategoryId: u64,
        pub seatCategoryId: u64,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CITMArea {
        pub areaId: u64,
        pub blockIds: Vec<u64>,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CITMSeatCategory {
        pub areas: Vec<CITMArea>,
        pub seatCategoryId: u64,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CITMPerformance {
        pub id: u64,
        pub eventId: u64,
        pub logo: Option<String>,
        pub name: Option<String>,
        pub prices: Vec<CITMPrice>,
        pub seatCategories: Vec<CITMSeatCategory>,
        pub seatMapImage: Option<String>,
        pub start: u64,
        pub venueCode: String,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CITMEvent {
        pub id: u64,
        pub name: String,
        pub description: Option<String>,
        pub logo: Option<String>,
        pub subTopicIds: Vec<u64>,
        pub subjectCode: Option<String>,
        pub subtitle: Option<String>,
        pub topicIds: Vec<u64>,
    }

    /// `std::map` is ordered by key, so `BTreeMap` writes the events in the same order.
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct CitmCatalog {
        pub events: BTreeMap<String, CITMEvent>,
        pub performances: Vec<CITMPerformance>,
    }
}

/// bench/models/canada.hpp: GeoJSON polygons, rings of `[longitude, latitude]` pairs.
pub mod canada {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Properties {
        pub name: String,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Geometry {
        #[serde(rename = "type")]
        pub type_: String,
        pub coordinates: Vec<Vec<[f64; 2]>>,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Feature {
        #[serde(rename = "type")]
        pub type_: String,
        pub properties: Properties,
        pub geometry: Geometry,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct FeatureCollection {
        #[serde(rename = "type")]
        pub type_: String,
        pub features: Vec<Feature>,
    }
}

// ---- C ABI (serde_bench.h). Dataset codes: 0 = twitter, 1 = citm, 2 = canada. ----

/// Parses `json[..len]` into a boxed `T`; null on a parse error.
fn parse_boxed<T: DeserializeOwned>(json: &[u8]) -> *mut c_void {
    match serde_json::from_slice::<T>(json) {
        Ok(value) => Box::into_raw(Box::new(value)).cast(),
        Err(_) => std::ptr::null_mut(),
    }
}

/// Study 000's `str_from_twitter`, made generic: `to_string`, then a `CString` built from the
/// `&str` (a copy, as the study did), handed to C.
unsafe fn to_cstring<T: Serialize>(data: *const c_void) -> *mut c_char {
    let value = &*data.cast::<T>();
    let serialized = serde_json::to_string(value).unwrap();
    CString::new(serialized.as_str()).unwrap().into_raw()
}

/// Parses `len` bytes at `json` as the dataset's type. Returns a pointer to free with
/// `serde_bench_free(dataset, ..)`, or null if the input does not parse or `dataset` is unknown.
///
/// # Safety
/// `json` must point to `len` readable bytes (it may be null only if `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn serde_bench_parse(
    dataset: c_int,
    json: *const c_char,
    len: usize,
) -> *mut c_void {
    let bytes = if len == 0 {
        &[][..]
    } else {
        std::slice::from_raw_parts(json.cast::<u8>(), len)
    };
    match dataset {
        0 => parse_boxed::<twitter::TwitterData>(bytes),
        1 => parse_boxed::<citm::CitmCatalog>(bytes),
        2 => parse_boxed::<canada::FeatureCollection>(bytes),
        _ => std::ptr::null_mut(),
    }
}

/// Writes `data` (from `serde_bench_parse` with the same `dataset`) as JSON into a new
/// NUL-terminated string, to free with `serde_bench_free_string`. Null if `data` is null or
/// `dataset` is unknown.
///
/// # Safety
/// `data` must be null or come from `serde_bench_parse(dataset, ..)` and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn serde_bench_to_cstring(
    dataset: c_int,
    data: *const c_void,
) -> *mut c_char {
    if data.is_null() {
        return std::ptr::null_mut();
    }
    match dataset {
        0 => to_cstring::<twitter::TwitterData>(data),
        1 => to_cstring::<citm::CitmCatalog>(data),
        2 => to_cstring::<canada::FeatureCollection>(data),
        _ => std::ptr::null_mut(),
    }
}

/// Frees a string from `serde_bench_to_cstring`; null is a no-op.
///
/// # Safety
/// `s` must be null or come from `serde_bench_to_cstring` and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn serde_bench_free_string(s: *mut c_char) {
    if !s.is_null() {
        drop(CString::from_raw(s));
    }
}

/// Frees a value from `serde_bench_parse`; null is a no-op.
///
/// # Safety
/// `data` must be null or come from `serde_bench_parse(dataset, ..)` and not be freed yet.
#[no_mangle]
pub unsafe extern "C" fn serde_bench_free(dataset: c_int, data: *mut c_void) {
    if data.is_null() {
        return;
    }
    match dataset {
        0 => drop(Box::from_raw(data.cast::<twitter::TwitterData>())),
        1 => drop(Box::from_raw(data.cast::<citm::CitmCatalog>())),
        2 => drop(Box::from_raw(data.cast::<canada::FeatureCollection>())),
        _ => {}
    }
}
