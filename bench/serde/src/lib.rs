//! serde_json side of metajson's benchmark suite.
//!
//! The types mirror the C++ structs in `models/*.hpp` field for field and in the same
//! order, so serde_json writes the same JSON as the C++ libraries. Unknown input fields are
//! ignored (serde's default); `Option<String>` is written as `null` when `None`, never skipped.
//!
//! The C ABI at the bottom (declared in `serde_bench.h`) lets the C++ program `bench_serde_ffi`
//! call serde_json the way study 000 did.

use std::ffi::{c_char, c_int, c_void, CString};

use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// models/twitter.hpp
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

/// models/citm.hpp (field names are the file's camelCase ones, as in the C++ structs).
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

/// models/canada.hpp: GeoJSON polygons, rings of `[longitude, latitude]` pairs.
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

/// models/player.hpp: the CppCon talk's Player (without its time points).
pub mod player {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Equipment {
        pub name: String,
        pub damage: i32,
        pub durability: i32,
    }

    /// `std::map` is ordered by key, so `BTreeMap` writes the equipment in the same order.
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Player {
        pub username: String,
        pub level: i32,
        pub health: f64,
        pub inventory: Vec<String>,
        pub equipped: BTreeMap<String, Equipment>,
        pub guild_name: Option<String>,
    }
}

/// models/order.hpp: an API-style order.
pub mod order {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Address {
        pub street: String,
        pub city: String,
        pub postal_code: String,
        pub country: String,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Customer {
        pub id: u64,
        pub name: String,
        pub email: String,
        pub shipping_address: Address,
        pub loyalty_member: bool,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Item {
        pub sku: String,
        pub name: String,
        pub quantity: u64,
        pub unit_price: f64,
        pub gift_message: Option<String>,
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    pub struct Order {
        pub id: String,
        pub created_at: String,
        pub status: String,
        pub customer: Customer,
        pub items: Vec<Item>,
        pub subtotal: f64,
        pub shipping: f64,
        pub total: f64,
        pub currency: String,
        pub notes: Option<String>,
        pub coupon: Option<String>,
    }
}

/// The small messages' JSON text, written as bench/harness/small_messages.cpp writes it (the
/// same bytes: the driver checks that every read row was given the same number of bytes), from
/// the same values as the models' sample() functions. Hand-written, no serde.
pub mod small {
    struct Emitter(String);

    impl Emitter {
        fn raw(&mut self, s: &str) {
            self.0.push_str(s);
        }
        fn str(&mut self, s: &str) {
            self.0.push('"');
            for c in s.chars() {
                match c {
                    '"' => self.0.push_str("\\\""),
                    '\\' => self.0.push_str("\\\\"),
                    '\n' => self.0.push_str("\\n"),
                    '\t' => self.0.push_str("\\t"),
                    c if (c as u32) < 0x20 => self.0.push_str(&format!("\\u{:04x}", c as u32)),
                    c => self.0.push(c),
                }
            }
            self.0.push('"');
        }
        fn num(&mut self, v: impl std::fmt::Display) {
            self.0.push_str(&v.to_string());
        }
        fn opt(&mut self, s: Option<&str>) {
            match s {
                Some(s) => self.str(s),
                None => self.raw("null"),
            }
        }
        fn key(&mut self, name: &str, first: bool) {
            if !first {
                self.0.push(',');
            }
            self.str(name);
            self.0.push(':');
        }
    }

    /// models/player.hpp, player::sample().
    pub fn player_json() -> String {
        let mut e = Emitter(String::new());
        e.raw("{");
        e.key("username", true);
        e.str("Alice");
        e.key("level", false);
        e.num(42);
        e.key("health", false);
        e.num(99.5);
        e.key("inventory", false);
        e.raw("[");
        for (i, s) in ["sword", "shield", "bow"].iter().enumerate() {
            if i > 0 {
                e.raw(",");
            }
            e.str(s);
        }
        e.raw("]");
        e.key("equipped", false);
        e.raw("{");
        for (i, (k, name, damage, durability)) in [
            ("main_hand", "Excalibur", 100, 50),
            ("off_hand", "Aegis", 20, 80),
        ]
        .iter()
        .enumerate()
        {
            e.key(k, i == 0);
            e.raw("{");
            e.key("name", true);
            e.str(name);
            e.key("damage", false);
            e.num(damage);
            e.key("durability", false);
            e.num(durability);
            e.raw("}");
        }
        e.raw("}");
        e.key("guild_name", false);
        e.opt(Some("Knights"));
        e.raw("}");
        e.0
    }

    /// models/order.hpp, order::sample().
    pub fn order_json() -> String {
        let lines: [(&str, u64, u64, Option<&str>); 10] = [
            ("Crème brûlée torch", 1, 2499, None),
            (
                "12\" cast-iron skillet",
                1,
                4550,
                Some("Happy housewarming!\nLove, Zoë"),
            ),
            ("東京 sencha green tea, 100 g", 3, 1275, None),
            ("Espresso beans \"Dark Roast\" 1 kg", 2, 1899, None),
            ("Backslash\\forward/slash cutting board", 1, 3125, None),
            ("Ölfilter für Kaffeemaschine", 4, 349, None),
            (
                "Birthday candles 🎂 (pack of 24)",
                2,
                275,
                Some("For the party\tat 8 pm"),
            ),
            ("Linen napkins, set of 6", 1, 2990, None),
            ("Señorita's hot sauce", 6, 615, None),
            ("Café crème mugs – pair", 1, 3350, Some("Enjoy! ☕")),
        ];
        let mut e = Emitter(String::new());
        e.raw("{");
        e.key("id", true);
        e.str("ORD-2026-000417");
        e.key("created_at", false);
        e.str("2026-11-21T14:03:27Z");
        e.key("status", false);
        e.str("paid");
        e.key("customer", false);
        e.raw("{");
        e.key("id", true);
        e.num(90210417u64);
        e.key("name", false);
        e.str("Zoë O'Connor-Müller");
        e.key("email", false);
        e.str("zoe.oconnor@example.com");
        e.key("shipping_address", false);
        e.raw("{");
        e.key("street", true);
        e.str("Rue de la Paix 17, 3e étage");
        e.key("city", false);
        e.str("Genève");
        e.key("postal_code", false);
        e.str("1201");
        e.key("country", false);
        e.str("CH");
        e.raw("}");
        e.key("loyalty_member", false);
        e.raw("true");
        e.raw("}");
        e.key("items", false);
        e.raw("[");
        let mut subtotal = 0u64;
        for (i, (name, quantity, cents, gift)) in lines.iter().enumerate() {
            if i > 0 {
                e.raw(",");
            }
            e.raw("{");
            e.key("sku", true);
            e.str(&format!("SKU-{}", 40000 + 37 * i));
            e.key("name", false);
            e.str(name);
            e.key("quantity", false);
            e.num(quantity);
            e.key("unit_price", false);
            e.num(*cents as f64 / 100.0);
            e.key("gift_message", false);
            e.opt(*gift);
            e.raw("}");
            subtotal += quantity * cents;
        }
        e.raw("]");
        let shipping = 795u64;
        e.key("subtotal", false);
        e.num(subtotal as f64 / 100.0);
        e.key("shipping", false);
        e.num(shipping as f64 / 100.0);
        e.key("total", false);
        e.num((subtotal + shipping) as f64 / 100.0);
        e.key("currency", false);
        e.str("EUR");
        e.key("notes", false);
        e.opt(Some(
            "Please ring twice.\nIf nobody answers, leave it with \"Concierge\" (door C\\2).",
        ));
        e.key("coupon", false);
        e.opt(None);
        e.raw("}");
        e.0
    }
}

// ---- C ABI (serde_bench.h). Dataset codes: 0 = twitter, 1 = citm, 2 = canada, 3 = player,
// 4 = order. ----

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
        3 => parse_boxed::<player::Player>(bytes),
        4 => parse_boxed::<order::Order>(bytes),
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
        3 => to_cstring::<player::Player>(data),
        4 => to_cstring::<order::Order>(data),
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
        3 => drop(Box::from_raw(data.cast::<player::Player>())),
        4 => drop(Box::from_raw(data.cast::<order::Order>())),
        _ => {}
    }
}
