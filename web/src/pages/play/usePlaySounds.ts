import { reaction } from 'mobx';
import { useEffect } from 'react';
import { isProLike } from '../../api/user';
import { AlertLoop, isDesktop, SoundPlayer } from '../../sound/sounds';
import type { PlayStore } from '../../stores/PlayStore';
import type { SessionStore } from '../../stores/SessionStore';

/**
 * The play screen's sounds, while it is open: the incoming-challenge alert loops for a titled player (or admin)
 * with pending incoming challenges, on a desktop, when they enabled it in settings; a player who is not a titled
 * player hears the accept chime once when their waiting challenge is accepted.
 */
export function usePlaySounds(play: PlayStore, session: SessionStore): void {
  useEffect(() => {
    const player = new SoundPlayer();
    const alert = new AlertLoop(() => player.play('incoming'));
    const desktop = isDesktop();
    const stopAlert = reaction(
      () => {
        const user = session.user;
        return Boolean(user && isProLike(user) && user.incomingChallengeAlertEnabled && desktop && play.incoming.length > 0);
      },
      (ring) => (ring ? alert.start() : alert.stop()),
      { fireImmediately: true },
    );
    // Only the moment of acceptance chimes (waiting -> accepted), not a game found accepted when the page opens.
    const stopChime = reaction(
      () => play.step,
      (step, previous) => {
        const user = session.user;
        if (step === 'accepted' && previous === 'waiting' && user && !isProLike(user)) player.play('accepted');
      },
    );
    return () => {
      stopAlert();
      stopChime();
      alert.stop();
    };
  }, [play, session]);
}
