import {
  Copy,
  Download,
  Eye,
  EyeOff,
  Heart,
  type LucideProps,
  Mail,
  Moon,
  Pencil,
  Plus,
  Sun,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import classes from './AnimatedIcon.module.css';

/** The 13 animated icons of the interface, on lucide's drawings. */
export const ANIMATED_ICONS = {
  add: Plus,
  close: X,
  copy: Copy,
  delete: Trash2,
  download: Download,
  edit: Pencil,
  heart: Heart,
  letter: Mail,
  show: Eye,
  hide: EyeOff,
  upload: Upload,
  sun: Sun,
  moon: Moon,
} as const;

export type AnimatedIconName = keyof typeof ANIMATED_ICONS;
export const ANIMATED_ICON_NAMES = /*#__PURE__*/ Object.keys(ANIMATED_ICONS) as AnimatedIconName[];

export interface AnimatedIconProps extends LucideProps {
  name: AnimatedIconName;
  /**
   * `hover` (default): plays when the icon, or the button or link holding it, is hovered or focused;
   * `always`: loops; `none`: still. Nothing moves when the user asks for reduced motion.
   */
  animate?: 'hover' | 'always' | 'none';
}

/** A decorative icon (hidden from screen readers unless given an `aria-label`). */
export function AnimatedIcon({ name, animate = 'hover', className, ...props }: AnimatedIconProps) {
  const Icon = ANIMATED_ICONS[name];
  return (
    <Icon
      aria-hidden={props['aria-label'] ? undefined : true}
      {...props}
      className={[classes.icon, classes[name], className].filter(Boolean).join(' ')}
      data-icon={name}
      data-animate={animate}
    />
  );
}
