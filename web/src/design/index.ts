/**
 * The design system's public surface. Styles come from tokens.css (variables + base elements) and
 * components.css (class-based components); React wrappers live beside them.
 */
import './fonts.css';
import './tokens.css';
import './components.css';

export { Button, ButtonLink, buttonClass } from './Button';
export type { ButtonVariant, ButtonSize } from './Button';
export { Field, TextInput, SelectInput, TextArea, Checkbox } from './Field';
export { Banner } from './Banner';
export { Modal } from './Modal';
export { FormStatus, useFocusFirstError } from './FormFeedback';
