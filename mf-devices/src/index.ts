// A remote is used through its federation container (remoteEntry.js / mf-manifest.json), not this
// entry; webpack needs one all the same.
export {};
