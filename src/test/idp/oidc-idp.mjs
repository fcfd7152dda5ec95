// A real OpenID Connect provider (npm oidc-provider) for the sign-in tests: one confidential client,
// PKCE required, accounts from IDP_ACCOUNTS (JSON: id -> claims); its development login and consent
// pages stand in for a company's. Usage: node oidc-idp.mjs PORT CLIENT_ID CLIENT_SECRET REDIRECT_URI
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const accounts = JSON.parse(process.env.IDP_ACCOUNTS ?? '{}');
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: async (ctx, id) => (accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined),
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['a-test-only-cookie-key'] },
});
provider.listen(Number(port), '127.0.0.1', () => console.log('IDP READY'));
