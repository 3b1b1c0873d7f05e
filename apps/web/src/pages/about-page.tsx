import { Link } from 'react-router';
import { SimplePage } from '../ui/page-main.tsx';

export function AboutPage() {
  return (
    <SimplePage title="About Toolshed">
      <p>
        Toolshed is a community marketplace where neighbours rent out tools and equipment by the day: the mower that
        sits in a shed most of the year, the pressure washer needed once a spring, the gazebo for a birthday.
      </p>
      <p>
        Owners set a daily rate in pounds and the shortest and longest rental they accept. Renters choose the dates they
        need; a rental counts both its first and last day.
      </p>
      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          See what is available to rent
        </Link>
      </p>
    </SimplePage>
  );
}
