//! The module's allocator: free lists of small blocks in front of std's dlmalloc.
//!
//! An extraction allocates and frees a few hundred thousand small blocks (lol-html's token and
//! attribute list per tag, the tree's text, the output's lines); through dlmalloc those calls
//! were about 8% of the module's time. Here a block of up to [`MAX_SMALL`] bytes comes from the
//! free list of its size class, or is cut from a slab taken from dlmalloc, and goes back onto
//! that list when freed: a few instructions each way. Larger blocks go to dlmalloc as before.
//! Small blocks are never handed back to dlmalloc, so the module keeps what the biggest page
//! needed at once; the JS side replaces an instance whose memory grows past its limit.
//!
//! wasm32-unknown-unknown runs one thread (no atomics), so the lists need no lock.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr::null_mut;

/// Size classes are multiples of [`GRAIN`] up to [`MAX_SMALL`] bytes.
const GRAIN: usize = 16;
const MAX_SMALL: usize = 2048;
const CLASSES: usize = MAX_SMALL / GRAIN;
/// Bytes taken from dlmalloc at a time to cut small blocks from.
const SLAB: usize = 64 << 10;

struct Lists {
    /// Head of each class's list of free blocks; a free block's first word points to the next.
    free: [*mut u8; CLASSES],
    /// The unused rest of the current slab.
    slab_next: *mut u8,
    slab_end: *mut u8,
}

pub struct SmallBlocks(UnsafeCell<Lists>);

// SAFETY: the module is single-threaded (see the module comment).
unsafe impl Sync for SmallBlocks {}

impl SmallBlocks {
    pub const fn new() -> Self {
        SmallBlocks(UnsafeCell::new(Lists { free: [null_mut(); CLASSES], slab_next: null_mut(), slab_end: null_mut() }))
    }
}

/// The class of a layout served here, or `None` for dlmalloc's.
fn class_of(layout: Layout) -> Option<usize> {
    (layout.size() <= MAX_SMALL && layout.align() <= GRAIN).then(|| layout.size().max(1).div_ceil(GRAIN) - 1)
}

unsafe impl GlobalAlloc for SmallBlocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = class_of(layout) else { return System.alloc(layout) };
        let lists = &mut *self.0.get();
        let head = lists.free[class];
        if !head.is_null() {
            lists.free[class] = *(head as *mut *mut u8);
            return head;
        }
        let size = (class + 1) * GRAIN;
        if (lists.slab_end as usize) - (lists.slab_next as usize) < size {
            // The rest of the old slab (under MAX_SMALL bytes) is left unused.
            let slab = System.alloc(Layout::from_size_align_unchecked(SLAB, GRAIN));
            if slab.is_null() {
                return slab;
            }
            lists.slab_next = slab;
            lists.slab_end = slab.add(SLAB);
        }
        let block = lists.slab_next;
        lists.slab_next = block.add(size);
        block
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout) else { return System.dealloc(ptr, layout) };
        let lists = &mut *self.0.get();
        *(ptr as *mut *mut u8) = lists.free[class];
        lists.free[class] = ptr;
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        match (class_of(layout), class_of(new_layout)) {
            (Some(old), Some(new)) if old == new => ptr,
            (None, None) => System.realloc(ptr, layout, new_size),
            _ => {
                let new = self.alloc(new_layout);
                if !new.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                new
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_reused_by_class_and_keep_their_contents_through_realloc() {
        let a = SmallBlocks::new();
        unsafe {
            let l24 = Layout::from_size_align(24, 8).unwrap();
            let p = a.alloc(l24);
            p.write_bytes(7, 24);
            // Same class (17..=32 bytes): the block itself.
            assert_eq!(a.realloc(p, l24, 30), p);
            // To a larger class: moved, contents kept.
            let q = a.realloc(p, Layout::from_size_align(30, 8).unwrap(), 100);
            assert_ne!(q, p);
            assert!(std::slice::from_raw_parts(q, 24).iter().all(|&b| b == 7));
            // The freed 32-byte block is the next one of its class.
            assert_eq!(a.alloc(Layout::from_size_align(20, 4).unwrap()), p);
            // Large or over-aligned layouts are dlmalloc's (here, the host's).
            assert_eq!(class_of(Layout::from_size_align(MAX_SMALL + 1, 8).unwrap()), None);
            assert_eq!(class_of(Layout::from_size_align(64, 32).unwrap()), None);
            assert_eq!(class_of(Layout::from_size_align(0, 1).unwrap()), Some(0));
        }
    }
}
