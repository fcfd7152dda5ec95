// A real SAML 2.0 identity provider for the sign-in tests: Auth0's samlp does the protocol (the
// AuthnRequest read from the HTTP-Redirect binding, the signed Response sent by the HTTP-POST
// binding); a login form stands in for a company's. Accounts from IDP_ACCOUNTS (JSON: login ->
// {password, email, first_name, last_name}). The tests' hostile cases are the provider's own answers
// under other settings, by path: /sso (as registered), /sso/other-key (signed by a key Stoa does not
// trust), /sso/wrong-audience, /sso/expired (a lifetime already over), /sso/unsigned-response (only
// the Response signed, not the Assertion).
// Usage: node saml-idp.mjs PORT ENTITY_ID ACS_URL, keys (PEM) in IDP_KEY, IDP_CERT, IDP_OTHER_KEY, IDP_OTHER_CERT.
import express from 'express';
import samlp from 'samlp';

const [port, entityId, acsUrl] = process.argv.slice(2);
const accounts = JSON.parse(process.env.IDP_ACCOUNTS ?? '{}');
const variants = {
  '': {},
  'other-key': { key: process.env.IDP_OTHER_KEY, cert: process.env.IDP_OTHER_CERT },
  'wrong-audience': { audience: 'https://someone-else.example.com' },
  expired: { lifetimeInSeconds: -600 },
  'unsigned-response': { signAssertion: false, signResponse: true },
};
const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const app = express();
app.use(express.urlencoded({ extended: false, limit: '1mb' }));

app.get(['/sso', '/sso/:variant'], (req, res) => {
  res.type('html').send(`<!doctype html><title>Example IdP</title><form method="post" action="/login">
    <input type="hidden" name="SAMLRequest" value="${escape(req.query.SAMLRequest)}">
    <input type="hidden" name="RelayState" value="${escape(req.query.RelayState)}">
    <input type="hidden" name="variant" value="${escape(req.params.variant ?? '')}">
    <label>Login <input name="login"></label> <label>Password <input name="password" type="password"></label>
    <button type="submit">Sign in</button></form>`);
});

app.post('/login', (req, res, next) => {
  const account = accounts[req.body.login];
  const variant = variants[req.body.variant];
  if (!account || account.password !== req.body.password || !variant) return res.status(401).type('html').send('<p>Wrong login or password</p>');
  req.query = { SAMLRequest: req.body.SAMLRequest, RelayState: req.body.RelayState };
  samlp.auth({
    issuer: entityId,
    key: process.env.IDP_KEY,
    cert: process.env.IDP_CERT,
    recipient: acsUrl,
    destination: acsUrl,
    getPostURL: (audience, request, r, cb) => cb(null, acsUrl),
    getUserFromRequest: () => ({ id: account.email, emails: [{ value: account.email }], displayName: `${account.first_name} ${account.last_name}`,
      name: { givenName: account.first_name, familyName: account.last_name } }),
    ...variant,
  })(req, res, next);
});

app.listen(Number(port), '127.0.0.1', () => console.log('IDP READY'));
