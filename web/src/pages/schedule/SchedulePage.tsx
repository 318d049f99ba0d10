import { observer } from 'mobx-react-lite';
import { ButtonLink } from '../../design';
import { useStores } from '../../stores/StoresContext';

/** The schedule screen's first version: what a session is; the booking form comes next. */
const SchedulePage = observer(function SchedulePage() {
  const { session } = useStores();
  return (
    <div className="page">
      <header className="page__header">
        <h1>Hourly Training Session</h1>
        <p className="page__lead">
          Playing time is 1 hour, or slightly longer if a game is still in progress. Any time control that fits the slot can be
          chosen.
        </p>
      </header>
      <div className="card">
        <p>Booking a session with a titled player opens here soon. Meanwhile you can play one of the players online right now.</p>
        <ButtonLink to={session.signedIn ? '/play' : '/signup'}>{session.signedIn ? 'Play now' : 'Sign up to schedule a game'}</ButtonLink>
      </div>
    </div>
  );
});

export default SchedulePage;
