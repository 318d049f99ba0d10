import { Link } from 'react-router';
import { TITLED_PLAYERS } from '../../../../content/titled-players';
import { formatUsd } from '../../../../domain/money';
import type { FaqItem } from './Faq';
import type { IconName } from './icons';

/** The five marketing claims of the spec (section 1), each with the concrete reason it is true. */
export const MARKETING_CLAIMS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'verified',
    title: 'Verified players',
    text:
      'Every opponent’s FIDE title and chess-site account is checked by us before they can accept a game. ' +
      'The GM on your screen is a real GM.',
  },
  {
    icon: 'sliders',
    title: 'Custom matches',
    text:
      'Choose 1 to 120 minutes per side, an increment, your colour, and even the starting position: an opening, ' +
      'a middlegame or an endgame you want to practise.',
  },
  {
    icon: 'bolt',
    title: 'No scheduling needed',
    text:
      'See who is online right now and send a challenge; most games start within a couple of minutes. Prefer a ' +
      'fixed time? Book a one-hour session instead.',
  },
  {
    icon: 'board',
    title: 'Games saved on the chess sites',
    text:
      'Every game is played on Lichess, so it stays in your game history: replay it, run the engine, download ' +
      'the PGN or send it to your coach.',
  },
  {
    icon: 'levels',
    title: 'Suitable for all levels',
    text:
      'Rated 800 or 2000, there is a good opponent for you: club coaches who love playing beginners, and ' +
      'grandmasters who will test your preparation.',
  },
];

const cheapest = formatUsd(Math.min(...TITLED_PLAYERS.map((p) => p.pricePerMinCents)));

/** The four questions of the spec: saving and analysing games, beginners, what is needed, losing. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Can I save and analyze my games?',
    answer: (
      <p>
        Yes. Every game is played on Lichess, so it is saved in your Lichess game history like any other game.
        Open it in the analysis board, run the engine, download the PGN or share the link. When you book a
        scheduled session you can also add a post-game analysis video call with your opponent.
      </p>
    ),
  },
  {
    question: 'I am a beginner. Is this for me?',
    answer: (
      <p>
        Yes. Several of our titled players are club coaches who enjoy playing beginners, and rates start at{' '}
        {cheapest} per minute. Choose a slower time control such as 15+5 or 30+0 so you have time to think; you
        will learn more from one game against a strong player than from ten fast games against random opponents.
        Browse the <Link to="/players">players</Link> to find someone whose style suits you.
      </p>
    ),
  },
  {
    question: 'What do I need to play?',
    answer: (
      <p>
        A free Lichess account, a Titled Chess account with enough credits for the game, and a computer or phone
        with a stable internet connection. Add your Lichess username in My Account so your opponent can find you;
        the game itself opens on Lichess, so there is nothing to install.
      </p>
    ),
  },
  {
    question: 'What if I lose?',
    answer: (
      <p>
        Most of the time you will, and that is the point: you are paying for a strong opponent, not for a result.
        The price is the same whether you win, lose or draw. A loss against a titled player shows you exactly where
        your play breaks down; replay it on Lichess, fix one thing, and challenge them again.
      </p>
    ),
  },
];
