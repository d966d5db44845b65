/**
 * The public half of the key that signs the update feed (Ed25519, SPKI PEM). A feed whose
 * `.sig` this key does not verify is refused, so whoever controls the feed's server alone cannot
 * ship code to the app. The private half of this placeholder was never kept: a company that
 * publishes builds makes its own pair (`node scripts/sign-feed.mjs keygen`, docs/packaging.md)
 * and puts its public half here before its first release.
 */
export const UPDATE_FEED_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAZ5DI548+Lxbs4VNLmLBnU966KB5qU37j600oJnrG1FM=
-----END PUBLIC KEY-----
`;
