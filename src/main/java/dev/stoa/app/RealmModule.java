package dev.stoa.app;

import dev.stoa.channels.Channel;
import dev.stoa.queues.StateContributor;
import dev.stoa.realm.RealmActions;
import dev.stoa.realm.RealmDeactivation;
import dev.stoa.realm.RealmState;
import dev.stoa.realm.RealmViews;
import dev.stoa.signin.SignInMethodActions;
import dev.stoa.signin.SignInMethods;
import java.util.List;

/** The organization's settings. */
public final class RealmModule implements Module {
    public final RealmActions actions;
    public final RealmDeactivation deactivation;
    private final RealmState state;

    final RealmViews views;

    /** {@code methods}: the sign-in methods (sessions'), whose state register reports. */
    RealmModule(Core c, SignInMethodActions methods) {
        this.actions = new RealmActions(c.db(), c.log(), c.realmStore(), c.realm(), c.groupValues(), c.clock(),
                (h, id) -> c.channels().byId(h, id).filter(ch -> !ch.isArchived()).map(Channel::inviteOnly));
        this.deactivation = new RealmDeactivation(c.db(), c.log(), c.realmStore(), c.realm());
        this.state = new RealmState(c.realm(), c.groups(), c.config().externalUrl(), c.config().realmHost(), c.config().maxUploadMib(), h -> {
            SignInMethods auth = methods.current(h);
            return new RealmState.Auth(auth.realmMethods(), auth.emailEnabled(), auth.passwordAuth());
        }, c.config().mail().configured(), c.config().push().configured());
        this.views = new RealmViews(actions, c.groupValues());
    }

    @Override
    public List<StateContributor> state() {
        return List.of(state);
    }
}
