/// How a row turns visibility into a metadata fetch.
public enum MetadataPipeline: String, Sendable, CaseIterable {
    /// As vmsh does it: every time the row becomes visible, wait 1 s, then fetch; hiding cancels both.
    case fixed
    /// As the tutorial wrote it: `[[visible delay:1] takeUntil:hidden]`, subscribed once, so the
    /// first hide ends the pipeline for good.
    case original
    /// The tutorial's first version: every show fetches at once, with no delay and no cancel,
    /// so scrolling past a row still costs its two calls (the "200 requests").
    case naive
}
