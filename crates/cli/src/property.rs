//! The properties `vigil check` understands: by name, or from an SV-COMP property file.
//!
//! Property files are recognised by their formula (`CHECK( init(main()), LTL(G ! call(
//! reach_error())) )` and friends). Every property file SV-COMP defines is recognised; the ones
//! vigil cannot check yet (termination, coverage) parse to
//! [`Property::Unsupported`], so that a benchmark run answers `unknown` for them instead of failing.

use std::path::Path;

/// The one notion of a property, shared with the engines.
pub use vigil_vm::Property;

/// Parses a property name or the path of a `.prp` file.
pub fn parse(arg: &str) -> Result<Property, String> {
    if let Some(p) = Property::from_name(arg) {
        return Ok(p);
    }
    let path = Path::new(arg);
    if !path.exists() {
        let names: Vec<&str> = Property::CHECKED.iter().map(|p| p.name()).collect();
        return Err(format!("unknown property '{arg}' (expected {}, or a .prp file)", names.join(", ")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{arg}: {e}"))?;
    from_prp(&text).ok_or_else(|| format!("{arg}: not an SV-COMP property file (no known formula found)"))
}

/// Recognises the SV-COMP property formulas.
pub fn from_prp(text: &str) -> Option<Property> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !compact.starts_with("CHECK(") && !compact.starts_with("COVER(") {
        return None;
    }
    if compact.starts_with("COVER(") {
        return if compact.contains("FQL(COVEREDGES(@CALL(") {
            Some(Property::Unsupported("coverage-error-call"))
        } else {
            Some(Property::Unsupported("coverage-branches"))
        };
    }
    if compact.contains("G!call(") {
        Some(Property::UnreachCall)
    } else if compact.contains("Gvalid-memcleanup") {
        Some(Property::ValidMemcleanup)
    } else if compact.contains("Gvalid-free") || compact.contains("Gvalid-deref") || compact.contains("Gvalid-memtrack") {
        Some(Property::ValidMemsafety)
    } else if compact.contains("G!overflow") {
        Some(Property::NoOverflow)
    } else if compact.contains("G!data-race") {
        Some(Property::NoDataRace)
    } else if compact.contains("Fend") {
        Some(Property::Unsupported("termination"))
    } else {
        None
    }
}

/// The formula of the property file, as SV-COMP writes it (for witnesses' `specification`).
pub fn formula(property: Property) -> String {
    match property {
        Property::UnreachCall => "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
        Property::ValidMemsafety => "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n\
             CHECK( init(main()), LTL(G valid-memtrack) )"
            .into(),
        Property::ValidMemcleanup => "CHECK( init(main()), LTL(G valid-memcleanup) )".into(),
        Property::NoOverflow => "CHECK( init(main()), LTL(G ! overflow) )".into(),
        Property::NoDataRace => "CHECK( init(main()), LTL(G ! data-race) )".into(),
        // Not an SV-COMP property: no formula of theirs.
        Property::NoDeadlock => "no-deadlock".into(),
        Property::Unsupported(name) => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_formulas() {
        assert_eq!(parse("unreach-call"), Ok(Property::UnreachCall));
        assert_eq!(parse("termination"), Ok(Property::Unsupported("termination")));
        assert!(parse("bogus").is_err());
        assert_eq!(
            from_prp("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"),
            Some(Property::UnreachCall)
        );
        assert_eq!(
            from_prp(
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
            ),
            Some(Property::ValidMemsafety)
        );
        assert_eq!(from_prp("CHECK( init(main()), LTL(G ! overflow) )"), Some(Property::NoOverflow));
        assert_eq!(from_prp("CHECK( init(main()), LTL(G ! data-race) )"), Some(Property::NoDataRace));
        assert_eq!(from_prp("CHECK( init(main()), LTL(F end) )"), Some(Property::Unsupported("termination")));
        assert_eq!(from_prp("hello"), None);
    }

    /// The text of every property file of SV-COMP 2025 (sv-benchmarks c/properties/*.prp), as
    /// the competition's rules publish them, parses to the right property.
    #[test]
    fn every_svcomp_property_file() {
        let files = [
            ("unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n", "unreach-call"),
            (
                "valid-memsafety.prp",
                "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )\n",
                "valid-memsafety",
            ),
            ("valid-memcleanup.prp", "CHECK( init(main()), LTL(G valid-memcleanup) )\n", "valid-memcleanup"),
            ("no-overflow.prp", "CHECK( init(main()), LTL(G ! overflow) )\n", "no-overflow"),
            ("no-data-race.prp", "CHECK( init(main()), LTL(G ! data-race) )\n", "no-data-race"),
            ("termination.prp", "CHECK( init(main()), LTL(F end) )\n", "termination"),
            ("coverage-error-call.prp", "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n", "coverage-error-call"),
            ("coverage-branches.prp", "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )\n", "coverage-branches"),
        ];
        for (file, text, name) in files {
            let p = from_prp(text).unwrap_or_else(|| panic!("{file} not recognised"));
            assert_eq!(p.name(), name, "{file}");
        }
    }
}
