import { Link } from 'react-router';
import { buttonClass } from '../../design';
import { Icon, type IconName } from '../landing/icons';
import '../landing/marketing.css';
import './about.css';

/** The six benefits of the spec (section 2, About). */
const BENEFITS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'clock',
    title: 'Play anytime, anywhere',
    text:
      'Titled players in every time zone go online through the day, so there is usually someone ready to play ' +
      'whether it is your lunch break or midnight. All you need is a browser.',
  },
  {
    icon: 'globe',
    title: 'Global access',
    text:
      'Strong players used to be reachable only at big tournaments or through a local coach. Here you can play ' +
      `a Grandmaster in Spain, an International Master in Ghana or a coach in Argentina from wherever you live.`,
  },
  {
    icon: 'trend',
    title: 'Instant improvement',
    text:
      'Playing up is the quickest way to see your weaknesses. Every game is saved on Lichess, so you can review ' +
      'it straight away, and scheduled sessions can include a post-game analysis call.',
  },
  {
    icon: 'scale',
    title: 'Fair matching',
    text:
      'Choose your opponent by title, rating and style: a solid positional player, a sharp attacker or a ' +
      'patient endgame teacher. Prices are shown up front, so you decide what a game is worth.',
  },
  {
    icon: 'share',
    title: 'Share the fun',
    text:
      'Send the game link to friends, post your best swindle to your club chat, or just enjoy telling people you ' +
      'drew with a titled player.',
  },
  {
    icon: 'check',
    title: 'Simple and reliable',
    text:
      'Prepaid credits, one price per game shown before you send the challenge, and games on a chess site you ' +
      'already trust. No subscriptions and nothing to install.',
  },
];

/** /about: mission, six benefit cards, why it was built, 'Join us'. */
export default function AboutPage() {
  return (
    <div className="mkt">
      <section className="mkt-hero mkt-hero--compact" aria-labelledby="about-heading">
        <div className="mkt-inner">
          <span className="mkt-eyebrow">About us</span>
          <h1 id="about-heading">Strong opponents for every chess player</h1>
          <p className="mkt-lead">
            Titled Chess connects amateur players with verified titled players for real, timed games: you choose the
            opponent and the time control, and you pay only for the game you play.
          </p>
        </div>
      </section>

      <section className="mkt-section" aria-labelledby="mission-heading">
        <div className="mkt-inner mkt-inner--narrow about-prose">
          <h2 id="mission-heading">Our mission</h2>
          <p>
            Most amateurs never get to play someone much stronger than themselves. Club nights pair you with players
            near your rating, online pools do the same, and private lessons are expensive and booked weeks ahead.
          </p>
          <p>
            Our mission is to make a game against a titled player as easy to get as a game against anyone else: a few
            clicks, a fair price per minute, and a strong, honest opponent who plays a proper game with you and
            leaves you with something to learn.
          </p>
        </div>
      </section>

      <section className="mkt-section mkt-section--surface" aria-labelledby="benefits-heading">
        <div className="mkt-inner">
          <div className="mkt-section__header">
            <h2 id="benefits-heading">What you get</h2>
          </div>
          <ul className="mkt-grid about-benefits">
            {BENEFITS.map((benefit) => (
              <li className="mkt-card" key={benefit.title}>
                <span className="mkt-icon">
                  <Icon name={benefit.icon} />
                </span>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mkt-section" aria-labelledby="why-built-heading">
        <div className="mkt-inner mkt-inner--narrow about-prose">
          <h2 id="why-built-heading">Why we built it</h2>
          <p>
            We are club players ourselves. The games that made us better were the rare ones against someone far
            stronger: the simul at a local open, the evening a visiting master agreed to play a few games. Those
            games were memorable because they were real games, not lessons, and because we lost them in ways we
            could learn from.
          </p>
          <p>
            Titled players, meanwhile, told us they wanted flexible ways to earn from the chess they already play,
            without committing to a fixed teaching schedule. So we built a marketplace where they set their own rate
            and hours, and where you can see which of them are online and start a game in minutes.
          </p>
          <p>
            Titled players who would like to join can read how on the <Link to="/players#join">players page</Link>.
          </p>
        </div>
      </section>

      <section className="mkt-section mkt-cta" aria-labelledby="join-us-heading">
        <div className="mkt-inner mkt-inner--narrow">
          <h2 id="join-us-heading">Ready for a real challenge?</h2>
          <p>Create a free account, add credits when you are ready, and play your first titled opponent today.</p>
          <div className="mkt-actions mkt-actions--center">
            <Link to="/signup" className={buttonClass('accent', 'lg')}>
              Join us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
