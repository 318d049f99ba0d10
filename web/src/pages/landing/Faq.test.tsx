import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Faq } from './Faq';
import { FAQ_ITEMS } from './landing-copy';

function renderFaq() {
  render(
    <MemoryRouter>
      <Faq items={FAQ_ITEMS} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('button');
}

function expandedStates(buttons: HTMLElement[]): string[] {
  return buttons.map((b) => b.getAttribute('aria-expanded') ?? '');
}

describe('Faq accordion', () => {
  it('has the four questions of the spec, all closed at first', () => {
    const buttons = renderFaq();
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Can I save and analyze my games?',
      'I am a beginner. Is this for me?',
      'What do I need to play?',
      'What if I lose?',
    ]);
    expect(expandedStates(buttons)).toEqual(['false', 'false', 'false', 'false']);
  });

  it('ties each question to its answer with aria-controls and hides closed answers', () => {
    const buttons = renderFaq();
    for (const button of buttons) {
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', button.id);
      expect(panel).not.toBeVisible();
    }
  });

  it('keeps only one answer open: opening another closes the first', async () => {
    const user = userEvent.setup();
    const buttons = renderFaq();
    await user.click(buttons[0]!);
    expect(expandedStates(buttons)).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'Can I save and analyze my games?' })).toBeVisible();
    await user.click(buttons[2]!);
    expect(expandedStates(buttons)).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes the open answer when its question is activated again', async () => {
    const user = userEvent.setup();
    const buttons = renderFaq();
    await user.click(buttons[1]!);
    await user.click(buttons[1]!);
    expect(expandedStates(buttons)).toEqual(['false', 'false', 'false', 'false']);
  });

  it('works by keyboard: Tab to a question, Enter and Space toggle, arrows and Home/End move focus', async () => {
    const user = userEvent.setup();
    const buttons = renderFaq();
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(expandedStates(buttons)).toEqual(['true', 'false', 'false', 'false']);
    await user.keyboard('{ArrowDown}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(expandedStates(buttons)).toEqual(['false', 'true', 'false', 'false']);
    await user.keyboard('{End}');
    expect(buttons[3]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(buttons[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
  });
});
