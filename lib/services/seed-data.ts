// The demo data set: the demo admin and client, 15 experts (the demo expert among them), 1 open
// project, 8 shortlists, 5 invites, 3 schedules. Plain data; lib/services/seed.ts writes it.
import type { AvailabilityStatus, DistrictSize, DistrictType, ResearchType, Urbanicity, VerificationStatus } from "@/lib/generated/prisma/enums";

export type SeedExpert = {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  roleTitle: string;
  organizationName: string;
  department: string;
  state: string;
  city: string;
  zipCode: string;
  bio: string;
  yearsExperience: number;
  tags: string[];
  toolsPlatforms: string[];
  districtType: DistrictType;
  districtSize: DistrictSize;
  urbanicity: Urbanicity;
  availabilityStatus: AvailabilityStatus;
  verificationStatus: VerificationStatus;
  isPublicProfile: boolean;
  rateMin: number;
  rateMax: number;
  pulse: [number, number, number, number, number];
  researchTypes: ResearchType[];
  linkedinVerified: boolean;
  showOrganization?: boolean;
  showRates?: boolean;
};

const ALL_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
export const weekdayHours = (hours: string[]) => Object.fromEntries(ALL_DAYS.map((d) => [d, hours]));

export const SEED_EXPERTS: SeedExpert[] = [
  {
    key: "demo-expert", email: "expert@example.com", firstName: "Maria", lastName: "Gonzalez",
    roleTitle: "Principal", organizationName: "Lincoln Unified School District", department: "Administration",
    state: "CA", city: "Stockton", zipCode: "95207",
    bio: "Elementary principal for nine years in a Title I district. I led our move to standards-based grading and a K-5 literacy adoption, and I coach new principals through their first year.",
    yearsExperience: 18, tags: ["Leadership", "Curriculum Development", "Assessment"], toolsPlatforms: ["Google Classroom", "Zoom", "Canvas"],
    districtType: "public", districtSize: "medium", urbanicity: "suburban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 100, rateMax: 150, pulse: [8, 6, 7, 7, 9],
    researchTypes: ["video_interviews", "online_surveys", "focus_groups", "curriculum_review"], linkedinVerified: true,
  },
  {
    key: "e02", email: "james.whitfield@example.com", firstName: "James", lastName: "Whitfield",
    roleTitle: "Superintendent", organizationName: "Brazos Valley ISD", department: "Administration",
    state: "TX", city: "Bryan", zipCode: "77801",
    bio: "Superintendent of a growing suburban district of 14,000 students. Budget, bond elections, school safety and recruiting teachers in a tight labor market are my daily work.",
    yearsExperience: 26, tags: ["Leadership", "Professional Development"], toolsPlatforms: ["Microsoft Teams", "Zoom"],
    districtType: "public", districtSize: "large", urbanicity: "suburban", availabilityStatus: "limited",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 175, rateMax: 250, pulse: [7, 6, 6, 8, 10],
    researchTypes: ["phone_interviews", "video_interviews", "policy_feedback"], linkedinVerified: true,
  },
  {
    key: "e03", email: "aisha.bello@example.com", firstName: "Aisha", lastName: "Bello",
    roleTitle: "Teacher", organizationName: "Riverside Middle School", department: "Mathematics",
    state: "NY", city: "Rochester", zipCode: "14604",
    bio: "Seventh-grade math teacher and department lead. I pilot adaptive practice tools with my classes every year and write our common formative assessments.",
    yearsExperience: 11, tags: ["Assessment", "Technology Integration"], toolsPlatforms: ["Google Classroom", "Canvas", "Zoom"],
    districtType: "public", districtSize: "medium", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 50, rateMax: 90, pulse: [7, 9, 8, 8, 5],
    researchTypes: ["online_surveys", "product_testing", "focus_groups"], linkedinVerified: false,
  },
  {
    key: "e04", email: "daniel.okafor@example.com", firstName: "Daniel", lastName: "Okafor",
    roleTitle: "Curriculum Director", organizationName: "Palm Coast County Schools", department: "English",
    state: "FL", city: "Palm Coast", zipCode: "32137",
    bio: "K-12 curriculum director responsible for ELA and social studies adoptions. I chair our instructional materials review committee and run summer curriculum institutes.",
    yearsExperience: 20, tags: ["Curriculum Development", "Professional Development", "Assessment"], toolsPlatforms: ["Canvas", "Microsoft Teams"],
    districtType: "public", districtSize: "large", urbanicity: "suburban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 120, rateMax: 180, pulse: [10, 7, 7, 8, 8],
    researchTypes: ["curriculum_review", "video_interviews", "educational_research_studies"], linkedinVerified: true,
  },
  {
    key: "e05", email: "linda.park@example.com", firstName: "Linda", lastName: "Park",
    roleTitle: "Technology Coordinator", organizationName: "Evanston Township District 65", department: "Technology",
    state: "IL", city: "Evanston", zipCode: "60201",
    bio: "District technology coordinator managing 1:1 Chromebooks, our LMS rollout and student data privacy agreements with more than 200 vendors.",
    yearsExperience: 14, tags: ["Technology Integration", "Professional Development"], toolsPlatforms: ["Google Classroom", "Canvas", "Blackboard", "Zoom"],
    districtType: "public", districtSize: "medium", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 90, rateMax: 140, pulse: [6, 10, 7, 9, 7],
    researchTypes: ["product_testing", "online_surveys", "phone_interviews"], linkedinVerified: true,
  },
  {
    key: "e06", email: "robert.hayes@example.com", firstName: "Robert", lastName: "Hayes",
    roleTitle: "Assistant Principal", organizationName: "Pine Ridge High School", department: "Science",
    state: "PA", city: "Altoona", zipCode: "16601",
    bio: "High school assistant principal overseeing science, attendance and our career and technical education pathways in a rural county.",
    yearsExperience: 16, tags: ["Leadership", "Assessment"], toolsPlatforms: ["Microsoft Teams", "Blackboard"],
    districtType: "public", districtSize: "small", urbanicity: "rural", availabilityStatus: "busy",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 80, rateMax: 130, pulse: [7, 6, 7, 6, 8],
    researchTypes: ["phone_interviews", "online_surveys"], linkedinVerified: false,
  },
  {
    key: "e07", email: "sofia.ramirez@example.com", firstName: "Sofia", lastName: "Ramirez",
    roleTitle: "Special Education Director", organizationName: "Desert Sun Charter Network", department: "Special Education",
    state: "CA", city: "Fresno", zipCode: "93721",
    bio: "Director of special education across six charter campuses. IEP compliance, inclusion models and assistive technology are where I spend most of my time.",
    yearsExperience: 17, tags: ["Leadership", "Assessment", "Professional Development"], toolsPlatforms: ["Google Classroom", "Zoom"],
    districtType: "charter", districtSize: "small", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 110, rateMax: 170, pulse: [8, 7, 8, 7, 8],
    researchTypes: ["video_interviews", "focus_groups", "policy_feedback"], linkedinVerified: true,
  },
  {
    key: "e08", email: "thomas.nguyen@example.com", firstName: "Thomas", lastName: "Nguyen",
    roleTitle: "Teacher", organizationName: "Austin Preparatory Academy", department: "Science",
    state: "TX", city: "Austin", zipCode: "78704",
    bio: "High school chemistry and physics teacher at an independent school. I build inquiry labs and run our robotics club.",
    yearsExperience: 8, tags: ["Curriculum Development", "Technology Integration"], toolsPlatforms: ["Canvas", "Zoom"],
    districtType: "private", districtSize: "small", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 60, rateMax: 100, pulse: [8, 8, 9, 6, 5],
    researchTypes: ["online_surveys", "product_testing", "curriculum_review"], linkedinVerified: false,
  },
  {
    key: "e09", email: "grace.mitchell@example.com", firstName: "Grace", lastName: "Mitchell",
    roleTitle: "Principal", organizationName: "Hudson Valley Central Schools", department: "English",
    state: "NY", city: "Kingston", zipCode: "12401",
    bio: "Middle school principal in a rural-suburban district. Our school cut chronic absenteeism by a third in two years through family outreach and advisory periods.",
    yearsExperience: 22, tags: ["Leadership", "Professional Development"], toolsPlatforms: ["Google Classroom", "Microsoft Teams"],
    districtType: "public", districtSize: "small", urbanicity: "rural", availabilityStatus: "limited",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 100, rateMax: 160, pulse: [7, 6, 9, 7, 9],
    researchTypes: ["video_interviews", "phone_interviews", "educational_research_studies"], linkedinVerified: true,
  },
  {
    key: "e10", email: "marcus.lee@example.com", firstName: "Marcus", lastName: "Lee",
    roleTitle: "Coordinator", organizationName: "Miami Coastal Public Schools", department: "Social Studies",
    state: "FL", city: "Miami", zipCode: "33130",
    bio: "Social studies coordinator for a very large urban district: civics curriculum, document-based assessments and teacher professional learning for 600 teachers.",
    yearsExperience: 15, tags: ["Curriculum Development", "Assessment", "Professional Development"], toolsPlatforms: ["Canvas", "Microsoft Teams", "Zoom"],
    districtType: "public", districtSize: "very_large", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 85, rateMax: 140, pulse: [9, 7, 7, 8, 7],
    researchTypes: ["curriculum_review", "focus_groups", "online_surveys"], linkedinVerified: true, showOrganization: false,
  },
  {
    key: "e11", email: "hannah.brooks@example.com", firstName: "Hannah", lastName: "Brooks",
    roleTitle: "Teacher", organizationName: "Naperville Community Unit 203", department: "English",
    state: "IL", city: "Naperville", zipCode: "60540",
    bio: "Fourth-grade teacher and literacy coach. I have taught with three reading programs and mentor student teachers from two universities.",
    yearsExperience: 12, tags: ["Curriculum Development", "Assessment"], toolsPlatforms: ["Google Classroom", "Zoom"],
    districtType: "public", districtSize: "large", urbanicity: "suburban", availabilityStatus: "available",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 55, rateMax: 95, pulse: [8, 7, 9, 6, 6],
    researchTypes: ["online_surveys", "focus_groups", "curriculum_review"], linkedinVerified: false, showRates: false,
  },
  {
    key: "e12", email: "victor.alvarez@example.com", firstName: "Victor", lastName: "Alvarez",
    roleTitle: "Administrator", organizationName: "San Antonio Westside ISD", department: "Technology",
    state: "TX", city: "San Antonio", zipCode: "78207",
    bio: "Chief academic officer overseeing instructional technology and assessment for 9,000 students, most of them English learners.",
    yearsExperience: 21, tags: ["Technology Integration", "Leadership", "Assessment"], toolsPlatforms: ["Microsoft Teams", "Canvas", "Blackboard"],
    districtType: "public", districtSize: "medium", urbanicity: "urban", availabilityStatus: "unavailable",
    verificationStatus: "verified", isPublicProfile: true, rateMin: 130, rateMax: 200, pulse: [8, 8, 7, 9, 8],
    researchTypes: ["video_interviews", "policy_feedback", "product_testing"], linkedinVerified: true,
  },
  {
    key: "e13", email: "emily.carter@example.com", firstName: "Emily", lastName: "Carter",
    roleTitle: "Teacher", organizationName: "Lancaster Christian School", department: "Mathematics",
    state: "PA", city: "Lancaster", zipCode: "17601",
    bio: "Algebra teacher who recently joined the platform; profile under review.",
    yearsExperience: 5, tags: ["Assessment", "Technology Integration"], toolsPlatforms: ["Google Classroom"],
    districtType: "private", districtSize: "small", urbanicity: "suburban", availabilityStatus: "available",
    verificationStatus: "pending", isPublicProfile: true, rateMin: 50, rateMax: 75, pulse: [6, 7, 7, 5, 4],
    researchTypes: ["online_surveys"], linkedinVerified: false,
  },
  {
    key: "e14", email: "kevin.doyle@example.com", firstName: "Kevin", lastName: "Doyle",
    roleTitle: "Principal", organizationName: "Unverified Academy", department: "Administration",
    state: "FL", city: "Orlando", zipCode: "32801",
    bio: "Profile that could not be verified against the listed school.",
    yearsExperience: 3, tags: ["Leadership"], toolsPlatforms: ["Zoom"],
    districtType: "other", districtSize: "small", urbanicity: "urban", availabilityStatus: "available",
    verificationStatus: "rejected", isPublicProfile: true, rateMin: 200, rateMax: 300, pulse: [5, 5, 5, 5, 5],
    researchTypes: ["phone_interviews"], linkedinVerified: false,
  },
  {
    key: "e15", email: "patricia.wong@example.com", firstName: "Patricia", lastName: "Wong",
    roleTitle: "Superintendent", organizationName: "Bay Area Unified", department: "Administration",
    state: "CA", city: "Oakland", zipCode: "94612",
    bio: "Superintendent who prefers to take part in research privately; her profile is hidden from the directory.",
    yearsExperience: 30, tags: ["Leadership", "Professional Development"], toolsPlatforms: ["Microsoft Teams"],
    districtType: "public", districtSize: "very_large", urbanicity: "urban", availabilityStatus: "limited",
    verificationStatus: "verified", isPublicProfile: false, rateMin: 200, rateMax: 300, pulse: [8, 6, 7, 8, 10],
    researchTypes: ["video_interviews", "policy_feedback"], linkedinVerified: true,
  },
];

export const SEED_OPPORTUNITIES = [
  { key: "opp-open-1", title: "Elementary Math Curriculum Feedback", clientOrganization: "BrightPath Learning", description: "A 45-minute video interview about how your K-5 teachers use math manipulatives and where the current curriculum falls short.", compensation: 150, type: "interview", minutes: 45, location: "video", deadlineDays: 14 },
  { key: "opp-open-2", title: "School Safety Technology Survey", clientOrganization: "SafeSchools Research Institute", description: "A 15-minute survey on visitor management, emergency alerts and how your campus evaluates safety vendors.", compensation: 50, type: "survey", minutes: 15, location: "remote", deadlineDays: 10 },
  { key: "opp-open-3", title: "Teacher Retention Focus Group", clientOrganization: "Education Policy Partners", description: "A 90-minute focus group with principals and HR leaders on what keeps early-career teachers in the classroom.", compensation: 250, type: "focus_group", minutes: 90, location: "video", deadlineDays: 21 },
  { key: "opp-invited", title: "Literacy Platform Usability Interview", clientOrganization: "ReadWell EdTech", description: "Walk us through how your teachers assign and review reading practice, then react to three new screens.", compensation: 125, type: "interview", minutes: 30, location: "video", deadlineDays: 7 },
  { key: "opp-accepted", title: "District Data Dashboard Study", clientOrganization: "Metric Insights for Schools", description: "A 60-minute interview on which student data principals check weekly and how they share it with staff.", compensation: 175, type: "interview", minutes: 60, location: "video", deadlineDays: 12 },
  { key: "opp-scheduled", title: "Assessment Calendar Interview", clientOrganization: "Learning Insights Research Group", description: "A 30-minute phone interview about interim assessment timing and its effect on instruction.", compensation: 100, type: "interview", minutes: 30, location: "phone", deadlineDays: 5 },
  { key: "opp-completed-1", title: "Family Engagement Survey", clientOrganization: "Community Schools Collaborative", description: "A 20-minute survey on family communication tools and attendance outreach.", compensation: 75, type: "survey", minutes: 20, location: "remote", deadlineDays: -20 },
  { key: "opp-completed-2", title: "Principal Pipeline Interview", clientOrganization: "Leadership Futures Lab", description: "A 60-minute interview on how your district prepares assistant principals for the principalship.", compensation: 175, type: "interview", minutes: 60, location: "video", deadlineDays: -10 },
] as const;

export const PULSE_QUESTIONS = [
  { title: "Weekly Pulse", question: "How manageable was your workload this week?", type: "rating" },
  { title: "Weekly Pulse", question: "How confident are you in the data your school uses to plan instruction?", type: "rating" },
  { title: "Weekly Pulse", question: "What is one thing that would make professional development more useful for your staff?", type: "text" },
  { title: "Weekly Pulse", question: "How well do your current edtech tools support students who are behind grade level?", type: "rating" },
] as const;

export const RATING_LABELS = ["Very poor", "Poor", "Okay", "Good", "Excellent"];
