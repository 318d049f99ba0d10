import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from 'react-router';
import { displayName } from '../../api/user';
import { Button, ButtonLink } from '../../design';
import { formatCredits } from '../../shell/nav';
import { useStores } from '../../stores/StoresContext';
import { ProfileForm } from './ProfileForm';
import { ProfileImage } from './ProfileImage';
import { Statement } from './Statement';
import './settings.css';

/** My Account: picture, role-dependent profile form, balance with 'Add Credits Now', statement, Log out (the header's text). */
const SettingsPage = observer(function SettingsPage() {
  const { session, auth } = useStores();
  const navigate = useNavigate();
  const user = session.user;
  if (!user) return null;
  return (
    <div className="page settings">
      <Link to="/" className="back-link">
        ← Back
      </Link>
      <header className="page__header">
        <h1>My Account</h1>
        <p className="page__lead settings__who">
          {displayName(user) === user.email ? user.email : `${displayName(user)} · ${user.email}`}
          {user.role !== 'regular' && <span className="badge" style={{ marginLeft: 8 }}>{user.role === 'admin' ? 'Admin' : user.title ?? 'Titled player'}</span>}
        </p>
      </header>
      <div className="settings__grid">
        <section className="card" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="settings__h">
            Profile
          </h2>
          <ProfileImage />
          <ProfileForm key={user.id} user={user} />
        </section>
        <div className="settings__side">
          <section className="card balance" aria-labelledby="balance-heading">
            <h2 id="balance-heading" className="settings__h">
              Balance
            </h2>
            <p className="balance__amount">{formatCredits(user.credits)}</p>
            <ButtonLink to="/topup" variant="accent" block>
              Add Credits Now
            </ButtonLink>
          </section>
          <section className="card" aria-labelledby="statement-heading">
            <h2 id="statement-heading" className="settings__h">
              Recent activity
            </h2>
            <Statement />
          </section>
          <Button
            variant="secondary"
            block
            onClick={async () => {
              await auth.logout();
              navigate('/');
            }}
          >
            Log out
          </Button>
        </div>
      </div>
    </div>
  );
});

export default SettingsPage;
