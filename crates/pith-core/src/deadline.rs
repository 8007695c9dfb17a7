//! The time budget of one extraction, checked between parser chunks and between stages. A
//! page that runs too long ends with an error value, so the caller never has to kill the
//! thread it runs on (killing a Node worker mid-call can abort the whole process).
//!
//! WebAssembly (wasm32-unknown-unknown) has no clock: there the budget is never checked and
//! the caller's own timeout is the only one.

use crate::api::ExtractError;

pub struct Deadline {
    #[cfg(not(target_arch = "wasm32"))]
    at: Option<std::time::Instant>,
    #[cfg(not(target_arch = "wasm32"))]
    limit_ms: f64,
}

impl Deadline {
    /// A deadline `limit_ms` from now; 0 or less means none.
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
    pub fn after(limit_ms: f64) -> Deadline {
        Deadline {
            #[cfg(not(target_arch = "wasm32"))]
            at: (limit_ms > 0.0).then(|| std::time::Instant::now() + std::time::Duration::from_secs_f64(limit_ms / 1000.0)),
            #[cfg(not(target_arch = "wasm32"))]
            limit_ms,
        }
    }

    pub fn check(&self) -> Result<(), ExtractError> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.at.is_some_and(|at| std::time::Instant::now() > at) {
            return Err(ExtractError::TimeBudget { limit_ms: self.limit_ms });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_never_expires_and_a_past_deadline_does() {
        assert!(Deadline::after(0.0).check().is_ok());
        assert!(Deadline::after(60_000.0).check().is_ok());
        let d = Deadline::after(0.000_001);
        std::thread::sleep(std::time::Duration::from_millis(1));
        assert!(matches!(d.check(), Err(ExtractError::TimeBudget { .. })));
    }
}
