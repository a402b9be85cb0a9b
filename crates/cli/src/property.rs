//! The properties `vigil check` understands: by name, or from an SV-COMP property file.
//!
//! Property files are recognised by their LTL formula (`CHECK( init(main()), LTL(G ! call(
//! reach_error())) )` and friends). Full task-file support (`.yml`) is a later addition.

use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    UnreachCall,
    ValidMemsafety,
    NoOverflow,
    NoDataRace,
}

impl Property {
    pub fn name(self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
            Property::ValidMemsafety => "valid-memsafety",
            Property::NoOverflow => "no-overflow",
            Property::NoDataRace => "no-data-race",
        }
    }

    fn by_name(s: &str) -> Option<Property> {
        match s {
            "unreach-call" => Some(Property::UnreachCall),
            "valid-memsafety" => Some(Property::ValidMemsafety),
            "no-overflow" => Some(Property::NoOverflow),
            "no-data-race" => Some(Property::NoDataRace),
            _ => None,
        }
    }

    /// Parses a property name or the path of a `.prp` file.
    pub fn parse(arg: &str) -> Result<Property, String> {
        if let Some(p) = Property::by_name(arg) {
            return Ok(p);
        }
        let path = Path::new(arg);
        if !path.exists() {
            return Err(format!(
                "unknown property '{arg}' (expected unreach-call, valid-memsafety, no-overflow, \
                 no-data-race, or a .prp file)"
            ));
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{arg}: {e}"))?;
        Property::from_prp(&text).ok_or_else(|| format!("{arg}: no supported property formula found"))
    }

    /// Recognises the SV-COMP property formulas.
    pub fn from_prp(text: &str) -> Option<Property> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.contains("G!call(") {
            Some(Property::UnreachCall)
        } else if compact.contains("Gvalid-free") || compact.contains("Gvalid-deref") || compact.contains("Gvalid-memtrack") {
            Some(Property::ValidMemsafety)
        } else if compact.contains("G!overflow") {
            Some(Property::NoOverflow)
        } else if compact.contains("G!data-race") {
            Some(Property::NoDataRace)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_formulas() {
        assert_eq!(Property::parse("unreach-call"), Ok(Property::UnreachCall));
        assert!(Property::parse("bogus").is_err());
        assert_eq!(
            Property::from_prp("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"),
            Some(Property::UnreachCall)
        );
        assert_eq!(
            Property::from_prp(
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
            ),
            Some(Property::ValidMemsafety)
        );
        assert_eq!(Property::from_prp("CHECK( init(main()), LTL(G ! overflow) )"), Some(Property::NoOverflow));
        assert_eq!(Property::from_prp("CHECK( init(main()), LTL(G ! data-race) )"), Some(Property::NoDataRace));
        assert_eq!(Property::from_prp("CHECK( init(main()), LTL(F end) )"), None);
    }
}
