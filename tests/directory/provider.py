"""A real OpenID Connect provider for the directory's tests: Authlib's server classes on a
small Flask app, listening on a port of 127.0.0.1 in a thread of the test process.

It speaks the protocol the site's client speaks to any provider: discovery
(/.well-known/openid-configuration), its signing keys (RS256, /jwks), the authorization
endpoint with a username and password form, PKCE required (S256), the nonce required, the
code exchanged at /token for an access token and an ID token signed with its key, and
/userinfo.  Its people are `Provider.people` (username -> Person), which a test may change
between sign-ins (a group taken away, say)."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector, current_token
from authlib.oauth2.rfc6749 import grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from flask import Flask, jsonify, request
from joserfc.jwk import KeySet, RSAKey
from markupsafe import escape
from werkzeug.serving import make_server


@dataclass
class Person:
    password: str
    sub: str
    given_name: str = ""
    family_name: str = ""
    email: str = ""
    groups: list[str] = field(default_factory=list)
    #: the claim a house may read the username from, if not preferred_username
    employee_number: str = ""


@dataclass
class Client:
    client_id: str
    client_secret: str
    redirect_uris: list[str]

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return self.redirect_uris[0]

    def get_allowed_scope(self, scope):
        return " ".join(s for s in scope.split() if s in {"openid", "profile", "email"})

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret):
        return secrets.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        return method in {"client_secret_basic", "client_secret_post"}

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type == "authorization_code"


@dataclass
class Code:
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    username: str
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int = field(default_factory=lambda: int(time.time()))

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope

    def get_nonce(self):
        return self.nonce

    def get_auth_time(self):
        return self.auth_time

    def get_acr(self):
        return None

    def get_amr(self):
        return None


@dataclass
class Token:
    access_token: str
    scope: str
    username: str
    client_id: str
    issued_at: int
    expires_in: int

    def check_client(self, client):
        return client.get_client_id() == self.client_id

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return time.time() > self.issued_at + self.expires_in

    def is_revoked(self):
        return False


LOGIN_FORM = """<!doctype html><html lang="en"><title>Casino staff login</title>
<h1>Casino staff login</h1>{error}
<form method="post"><label>Username <input name="username" id="idp-username"></label>
<label>Password <input name="password" type="password" id="idp-password"></label>
<button type="submit" id="idp-submit">Log in</button></form></html>"""


class Provider:
    """The provider, started with `start()`, stopped with `stop()`."""

    def __init__(self):
        self.people: dict[str, Person] = {}
        self.clients: dict[str, Client] = {}
        self.codes: dict[str, Code] = {}
        self.tokens: dict[str, Token] = {}
        self.key = RSAKey.generate_key(
            2048, parameters={"kid": "test-key", "use": "sig"}, private=True
        )
        #: what a test may spoil, one at a time: the key the ID token is signed with (the
        #: published one unless set), its lifetime in seconds, its audience (the client's)
        self.signing_key = None
        self.lifetime = 300
        self.audience = None
        self.app = self._app()
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.issuer = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> Provider:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()

    def register(self, redirect_uri: str) -> Client:
        client = Client(secrets.token_hex(8), secrets.token_urlsafe(24), [redirect_uri])
        self.clients[client.client_id] = client
        return client

    def _app(self) -> Flask:
        app = Flask(__name__)
        provider = self

        class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

            def save_authorization_code(self, code, req):
                data = req.payload.data
                provider.codes[code] = Code(
                    code=code,
                    client_id=req.client.client_id,
                    redirect_uri=req.payload.redirect_uri,
                    scope=req.payload.scope,
                    username=req.user,
                    nonce=data.get("nonce"),
                    code_challenge=data.get("code_challenge"),
                    code_challenge_method=data.get("code_challenge_method"),
                )

            def query_authorization_code(self, code, client):
                found = provider.codes.get(code)
                return found if found and found.client_id == client.client_id else None

            def delete_authorization_code(self, authorization_code):
                provider.codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code):
                return authorization_code.username

        class IdToken(OpenIDCode):
            def resolve_client_private_key(self, client):
                return provider.signing_key or provider.key

            def get_client_claims(self, client):
                return {
                    "iss": provider.issuer,
                    "aud": [provider.audience or client.client_id],
                    "exp": int(time.time()) + provider.lifetime,
                }

            def get_client_algorithm(self, client):
                return "RS256"

            def get_encode_header(self, client):
                return {"alg": "RS256", "kid": "test-key"}

            def exists_nonce(self, nonce, req):
                return any(
                    c.nonce == nonce
                    for c in provider.codes.values()
                    if c.code != req.payload.data.get("code")
                )

            def generate_user_info(self, user, scope):
                return provider.user_info(user)

        def save_token(token, req):
            provider.tokens[token["access_token"]] = Token(
                token["access_token"],
                token.get("scope", ""),
                req.user,
                req.client.client_id,
                int(time.time()),
                token.get("expires_in", 3600),
            )

        server = AuthorizationServer(app, query_client=self.clients.get, save_token=save_token)
        server.register_grant(
            AuthorizationCodeGrant, [IdToken(require_nonce=True), CodeChallenge(required=True)]
        )

        class Validator(BearerTokenValidator):
            def authenticate_token(self, token_string):
                return provider.tokens.get(token_string)

        protect = ResourceProtector()
        protect.register_token_validator(Validator())

        @app.get("/.well-known/openid-configuration")
        def discovery():
            return jsonify(
                issuer=self.issuer,
                authorization_endpoint=f"{self.issuer}/authorize",
                token_endpoint=f"{self.issuer}/token",
                userinfo_endpoint=f"{self.issuer}/userinfo",
                jwks_uri=f"{self.issuer}/jwks",
                response_types_supported=["code"],
                subject_types_supported=["public"],
                id_token_signing_alg_values_supported=["RS256"],
                code_challenge_methods_supported=["S256"],
                token_endpoint_auth_methods_supported=["client_secret_basic", "client_secret_post"],
                scopes_supported=["openid", "profile", "email"],
            )

        @app.get("/jwks")
        def jwks():
            return jsonify(KeySet([self.key]).as_dict(private=False))

        @app.route("/authorize", methods=["GET", "POST"])
        def authorize():
            if request.method == "GET":
                try:
                    server.get_consent_grant(end_user=None)
                except Exception as error:  # the provider's own refusal, as a page
                    return f"<p>{escape(error)}</p>", 400
                return LOGIN_FORM.format(error="")
            person = self.people.get(request.form.get("username", ""))
            if person is None or not secrets.compare_digest(
                person.password, request.form.get("password", "")
            ):
                return LOGIN_FORM.format(error="<p role=alert>Wrong username or password.</p>"), 200
            username = request.form["username"]
            grant = server.get_consent_grant(end_user=username)
            return server.create_authorization_response(grant_user=username, grant=grant)

        @app.post("/token")
        def token():
            return server.create_token_response()

        @app.get("/userinfo")
        @protect()
        def userinfo():
            return jsonify(self.user_info(current_token.username))

        return app

    def user_info(self, username: str) -> UserInfo:
        person = self.people[username]
        return UserInfo(
            sub=person.sub,
            preferred_username=username,
            given_name=person.given_name,
            family_name=person.family_name,
            email=person.email,
            groups=list(person.groups),
            employee_number=person.employee_number,
        )
