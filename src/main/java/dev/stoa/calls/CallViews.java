package dev.stoa.calls;

import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.RawResponse;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * POST /calls/meeting/create (the seed's name) and /calls/zoom/create (Zulip's); for token-based
 * providers the OAuth round trip: GET /calls/{meeting,zoom}/register redirects the browser to the
 * provider, GET /calls/{meeting,zoom}/complete stores the token, DELETE /calls/meeting/token forgets it.
 * The OAuth state names the user and is signed with the user's API key, so any node can check it.
 */
public final class CallViews {
    private static final long STATE_TTL_SECONDS = 900;

    private final CallQueries queries;
    private final MeetingProvider provider;
    private final CallActions actions;
    private final String externalUrl;
    private final Clock clock;

    public CallViews(CallQueries queries, MeetingProvider provider, CallActions actions, String externalUrl, Clock clock) {
        this.queries = queries;
        this.provider = provider;
        this.actions = actions;
        this.externalUrl = externalUrl;
        this.clock = clock;
    }

    private MeetingProvider provider(boolean zoomRoute) {
        if (zoomRoute && (provider == null || !"zoom".equals(provider.key()))) throw CallErrors.zoomNotConfigured();
        if (provider == null) throw CallErrors.noVideoCallProvider();
        return provider;
    }

    public Object create(Request req, boolean zoomRoute) {
        User me = req.user();
        MeetingProvider p = provider(zoomRoute);
        boolean video = req.bool("is_video_call", true);
        String token = null;
        if (p.needsToken()) {
            token = queries.token(me.id(), p.key()).orElseThrow(() -> invalidToken(zoomRoute));
        }
        try {
            return Json.success().put("url", p.createMeeting(token, video));
        } catch (MeetingProvider.ProviderException e) {
            if (e.tokenRejected()) {
                actions.doForgetToken(me.id(), p.key());
                throw invalidToken(zoomRoute);
            }
            throw ApiError.bad(e.getMessage());
        }
    }

    /** Zulip answers a missing or rejected Zoom token with INVALID_ZOOM_TOKEN so that clients start OAuth. */
    private static ApiError invalidToken(boolean zoomRoute) {
        return zoomRoute ? CallErrors.invalidZoomAccessToken()
                : CallErrors.invalidVideoCallProviderAccessToken();
    }

    public Object register(Request req, String route) {
        User me = req.user();
        MeetingProvider p = provider("zoom".equals(route));
        if (!p.needsToken()) throw CallErrors.videoCallProviderNeedsNoAuthorization();
        String url = p.authorizeUrl(state(me), redirectUri(route));
        return new RawResponse(302, "text/plain", new byte[0], Map.of("Location", url));
    }

    public Object complete(Request req, String route) {
        MeetingProvider p = provider("zoom".equals(route));
        if (!p.needsToken()) throw CallErrors.videoCallProviderNeedsNoAuthorization();
        String code = req.str("code");
        User user = checkState(req.str("state"));
        try {
            actions.doSetToken(user.id(), p.key(), p.exchangeCode(code, redirectUri(route)));
        } catch (MeetingProvider.ProviderException e) {
            throw ApiError.bad(e.getMessage());
        }
        byte[] page = "<!DOCTYPE html><title>Video calls</title><p>Authorization complete. You may close this window.</p>"
                .getBytes(StandardCharsets.UTF_8);
        return new RawResponse(200, "text/html; charset=utf-8", page, Map.of());
    }

    public Object forget(Request req) {
        User me = req.user();
        MeetingProvider p = provider(false);
        actions.doForgetToken(me.id(), p.key());
        return Json.success();
    }

    private String redirectUri(String route) {
        return externalUrl + "/api/v1/calls/" + route + "/complete";
    }

    private String state(User me) {
        String payload = me.id() + "." + (clock.instant().getEpochSecond() + STATE_TTL_SECONDS);
        return payload + "." + sign(me.apiKey(), payload);
    }

    private User checkState(String state) {
        String[] p = state.split("\\.");
        if (p.length != 3) throw CallErrors.invalidState();
        try {
            long userId = Long.parseLong(p[0]);
            long expires = Long.parseLong(p[1]);
            User u = queries.user(userId).orElseThrow(() -> CallErrors.invalidState());
            boolean good = MessageDigest.isEqual(sign(u.apiKey(), p[0] + "." + p[1]).getBytes(StandardCharsets.UTF_8),
                    p[2].getBytes(StandardCharsets.UTF_8));
            if (!good || !u.isActive() || expires < clock.instant().getEpochSecond()) throw CallErrors.invalidState();
            return u;
        } catch (NumberFormatException e) {
            throw CallErrors.invalidState();
        }
    }

    private static String sign(String key, String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The provider for a configuration, or null when none is configured. */
}
