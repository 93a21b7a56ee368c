// The standalone page's entry (tools/webpack.base.cjs adds it to every remote's build): an async
// boundary, so that Module Federation has set up the shared modules before any of them is used.
void import('./boot');
